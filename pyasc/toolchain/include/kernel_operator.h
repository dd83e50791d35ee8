// Declarations of the Ascend C kernel API, written for pyasc's C++ checks (libclang, clang-tidy).
//
// This header is an independent model of the documented Ascend C C++ API (names, template parameters,
// overloads, documented dtype constraints), not a copy of CANN's headers and not derived from pyasc's Python
// specification: when the generated C++ parses against it, two separate descriptions of the API agree.
//
// Differences from the real headers, on purpose:
// - Bodies only hold compile-time checks; nothing here runs.
// - Documented dtype constraints are enforced with static_assert (the real headers accept, for example, Add on
//   int8_t and fail later on the device); the message names the API and the allowed element types.
// - Only <stdint.h>-style integer types from the compiler's predefined macros are used, so parsing needs no
//   system headers and stays fast.
#ifndef PYASC_BUNDLED_KERNEL_OPERATOR_H
#define PYASC_BUNDLED_KERNEL_OPERATOR_H

#define PYASC_BUNDLED_HEADER 1

// A declaration this header models only in part: pyasc's C++ checks read the attribute from the AST and put an
// info (PA803) on every call of it that says what is not checked.
#define PYASC_PARTIAL(what) __attribute__((annotate("pyasc-partial: " what)))

// ---- fixed-width integers (from the compiler's predefined macros; no system headers) --------------------------
typedef __INT8_TYPE__ int8_t;
typedef __INT16_TYPE__ int16_t;
typedef __INT32_TYPE__ int32_t;
typedef __INT64_TYPE__ int64_t;
typedef __UINT8_TYPE__ uint8_t;
typedef __UINT16_TYPE__ uint16_t;
typedef __UINT32_TYPE__ uint32_t;
typedef __UINT64_TYPE__ uint64_t;
typedef __SIZE_TYPE__ size_t;

// ---- the float constants of <cmath> the generator writes for math.inf and math.nan (from compiler builtins) -----
#ifndef INFINITY
#define INFINITY (__builtin_inff())
#endif
#ifndef NAN
#define NAN (__builtin_nanf(""))
#endif

// ---- address-space and function qualifiers (empty on the CPU, as in CPU-debug builds) ---------------------------
#define __aicore__
#define __global__
#define __gm__
#define __ubuf__
#define __cbuf__
#define __ca__
#define __cb__
#define __cc__
#define __fbuf__
#define __inout_pipe__(pipe)
#define __in_pipe__(pipe)
#define __out_pipe__(pipe)
#define GM_ADDR __gm__ uint8_t*

// ---- scalar element types -------------------------------------------------------------------------------------
#if defined(__FLT16_MAX__)
typedef _Float16 half;
#else
struct half {
    unsigned short bits;
    half() = default;
    half(float v);
    operator float() const;
};
#endif
#if defined(__BFLT16_MAX__)
typedef __bf16 bfloat16_t;
#else
struct bfloat16_t {
    unsigned short bits;
    bfloat16_t() = default;
    bfloat16_t(float v);
    operator float() const;
};
#endif

// Pipes are a compiler built-in enum in device builds; the enumerators are used unqualified (PIPE_ALL).
enum pipe_t : uint8_t {
    PIPE_S = 0,
    PIPE_V,
    PIPE_M,
    PIPE_MTE1,
    PIPE_MTE2,
    PIPE_MTE3,
    PIPE_ALL,
    PIPE_MTE4,
    PIPE_MTE5,
    PIPE_V2,
    PIPE_FIX,
};

// Padding modes of the enhanced DataCopy: a built-in enum in device builds, used qualified (pad_t::PAD_NONE).
enum pad_t : uint8_t {
    PAD_NONE = 0,
    PAD_MODE1,
    PAD_MODE2,
    PAD_MODE3,
    PAD_MODE4,
    PAD_MODE5,
    PAD_MODE6,
    PAD_MODE7,
    PAD_MODE8,
};

// ---- Matmul configuration (declared at global scope, outside AscendC, as the Matmul API does) ------------------
enum class CubeFormat : int32_t { ND = 0, NZ, ZN, ZZ, NN, ND_ALIGN, SCALAR, VECTOR, ROW, COLUMN };
enum class LayoutMode : int32_t { NONE = 0, BSNGD, SBNGD, BNGS1S2, NORMAL };
enum class BatchMode : int32_t { NONE = 0, BATCH_LESS_THAN_L1, BATCH_LARGE_THAN_L1, SINGLE_LARGE_THAN_L1 };
enum BatchOutMode : int32_t { SINGLE_BATCH = 0, MULTI_BATCH, DYNAMIC };
enum class IterateOrder : int32_t { ORDER_M = 0, ORDER_N, UNDEF };
enum class ScheduleType : int32_t { INNER_PRODUCT = 0, OUTER_PRODUCT };
enum IterateMode : uint8_t {
    ITERATE_MODE_NORMAL = 0b00000001,
    ITERATE_MODE_ALL = 0b00000010,
    ITERATE_MODE_BATCH = 0b00000100,
    ITERATE_MODE_N_BATCH = 0b00001000,
    ITERATE_MODE_DEFAULT = 0b11111111,
};
enum class MatmulConfigMode : int32_t { CONFIG_NORM = 0, CONFIG_MDL, CONFIG_SPECIALMDL, CONFIG_IBSHARE };
struct TCubeTiling;  // defined with the other tiling structs at the end
struct MatmulConfig {
    bool doNorm;
    bool doBasicBlock;
    bool doMultiDataLoad;
    uint32_t basicM;
    uint32_t basicN;
    uint32_t basicK;
    bool intrinsicsCheck;
    bool isNBatch;
    bool enVecND2NZ;
    bool doSpecialBasicBlock;
    uint32_t doMTE2Preload;
    uint32_t singleCoreM;
    uint32_t singleCoreN;
    uint32_t singleCoreK;
    uint32_t stepM;
    uint32_t stepN;
    uint32_t baseMN;
    uint32_t singleCoreMN;
    bool enUnitFlag = true;
    bool isPerTensor;
    bool hasAntiQuantOffset;
    bool doIBShareNorm;
    bool doSpecialMDL;
    bool enableInit = true;
    BatchMode batchMode;
    bool enableEnd = true;
    bool enableGetTensorC = true;
    bool enableSetOrgShape = true;
    bool enableSetBias = true;
    bool enableSetTail = true;
    bool enableQuantVector = true;
    bool enableSetDefineData = true;
    uint8_t iterateMode = IterateMode::ITERATE_MODE_DEFAULT;
    bool enableReuse = true;
    bool enableUBReuse;
    bool enableL1CacheUB;
    bool intraBlockPartSum = false;
    IterateOrder iterateOrder{IterateOrder::UNDEF};
    ScheduleType scheduleType;
    bool enableDoubleCache;
    bool isBiasBatch = true;
    bool enableStaticPadZeros = false;
    bool isPartialOutput = false;
    bool enableMixDualMaster = false;
    bool isA2B2Shared = false;
    bool isEnableChannelSplit = false;
    bool enableKdimReorderLoad = false;
    bool isCO1Shared = false;
    uint32_t sharedCO1BufferSize = 64 * 1024;
    BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH;
};
constexpr MatmulConfig CFG_NORM = {true, false, false, 0, 0, 0, false, false, false, false, 0, 0, 0, 0, 0, 0, 0, 0};
struct MatmulShapeParams {
    uint32_t singleCoreM;
    uint32_t singleCoreN;
    uint32_t singleCoreK;
    uint32_t basicM;
    uint32_t basicN;
    uint32_t basicK;
};
struct MatmulQuantParams {
    bool isPerTensor;
    bool hasAntiQuantOffset;
};
struct MatmulBatchParams {
    bool isNBatch;
    BatchMode batchMode;
    bool isBiasBatch = true;
    BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH;
};
struct MatmulFuncParams {
    bool intrinsicsCheck;
    bool enVecND2NZ;
    bool enableDoubleCache;
    bool enableL1CacheUB;
    uint32_t doMTE2Preload;
    IterateOrder iterateOrder;
    ScheduleType scheduleType;
    bool enableReuse = true;
    bool enableUBReuse;
    bool isPartialOutput = false;
    bool isA2B2Shared = false;
    bool isEnableChannelSplit = false;
    bool enableKdimReorderLoad = false;
};
struct MatmulBiasParams {
    bool enableSetBias = true;
};
// GetMMConfig<mode>(records...): the mode's configuration with each record's fields applied (at least one record).
// Only the types are checked here: the configuration returned is the Norm one.
template <MatmulConfigMode configMode, typename First, typename... Rest>
__aicore__ constexpr MatmulConfig GetMMConfig(First&&, Rest&&...) { return CFG_NORM; }
struct MatrixOffset {
    int32_t offset;
    int32_t row;
    int32_t col;
    int32_t height;
    int32_t width;
};

// Quantization of fixpipe moves out of L0C: a built-in enum in device builds, used qualified (QuantMode_t::NoQuant).
enum QuantMode_t : uint8_t {
    NoQuant = 0,
    F322F16 = 1,
    VREQ8 = 8,
    REQ8 = 9,
    VDEQF16 = 10,
    DEQF16 = 11,
    F322BF16 = 16,
    VQF322B8_PRE = 23,
    QF322B8_PRE = 24,
};

// Braced lists deduce to std::initializer_list (`auto lengths = {16, 16, 16, 16};`): the one piece of <initializer_list>
// the generated code needs, declared here because this header includes no system headers.
namespace std {
template <class E>
class initializer_list {
    const E* array_ = nullptr;
    size_t len_ = 0;
    constexpr initializer_list(const E* array, size_t len) : array_(array), len_(len) {}

public:
    constexpr initializer_list() = default;
    constexpr size_t size() const { return len_; }
    constexpr const E* begin() const { return array_; }
    constexpr const E* end() const { return array_ + len_; }
};
}  // namespace std

namespace AscendC {

// ---- compile-time helpers (a tiny subset of <type_traits>, to keep parsing fast) ------------------------------
namespace check {
template <bool B, typename T = void>
struct enable_if {};
template <typename T>
struct enable_if<true, T> {
    using type = T;
};
template <typename A, typename B>
struct is_same {
    static constexpr bool value = false;
};
template <typename A>
struct is_same<A, A> {
    static constexpr bool value = true;
};
template <typename T, typename... Ts>
struct one_of {
    static constexpr bool value = (is_same<T, Ts>::value || ...);
};
template <typename T>
struct numeric {
    static constexpr bool value = one_of<T, half, bfloat16_t, float, int8_t, uint8_t, int16_t, uint16_t, int32_t,
                                         uint32_t, int64_t, uint64_t, double>::value;
};
template <typename T>
struct fp {  // half and float: the element types of most vector math
    static constexpr bool value = one_of<T, half, float>::value;
};
template <typename T>
struct arith {  // half, float, int16_t, int32_t: Add, Sub, Mul, Max, Min, Adds, Muls, Maxs, Mins
    static constexpr bool value = one_of<T, half, float, int16_t, int32_t>::value;
};
template <typename T>
struct bitwise {  // And, Or, Not
    static constexpr bool value = one_of<T, int16_t, uint16_t>::value;
};
template <typename T>
struct shiftable {  // ShiftLeft, ShiftRight
    static constexpr bool value = one_of<T, int16_t, uint16_t, int32_t, uint32_t>::value;
};
template <typename T>
struct b16b32 {  // Brcb, Duplicate
    static constexpr bool value = one_of<T, half, bfloat16_t, float, int16_t, uint16_t, int32_t, uint32_t>::value;
};
}  // namespace check

// Dtype tests of the language's DataType methods on a generic element type (x.dtype.is_float()).
template <typename A, typename B>
struct IsSameType {
    static constexpr bool value = check::is_same<A, B>::value;
};
template <typename T, typename... Ts>
__aicore__ constexpr bool SupportType() {
    return check::one_of<T, Ts...>::value;
}

// ---- enums ----------------------------------------------------------------------------------------------------
enum class TPosition : uint8_t {
    GM = 0,
    A1,
    A2,
    B1,
    B2,
    C1,
    C2,
    CO1,
    CO2,
    VECIN,
    VECOUT,
    VECCALC,
    LCM = VECCALC,
    SPM,
    SHM = SPM,
    TSCM,
    C2PIPE2GM,
    C2PIPE2LOCAL,
    MAX,
};
using QuePosition = TPosition;

enum class HardEvent : uint8_t {
    MTE2_MTE1 = 0,
    MTE1_MTE2,
    MTE1_M,
    M_MTE1,
    MTE2_V,
    V_MTE2,
    MTE3_V,
    V_MTE3,
    M_V,
    V_M,
    V_V,
    MTE3_MTE1,
    MTE1_MTE3,
    MTE1_V,
    MTE2_M,
    M_MTE2,
    V_MTE1,
    M_FIX,
    FIX_M,
    MTE3_MTE2,
    MTE2_MTE3,
    S_V,
    V_S,
    S_MTE2,
    MTE2_S,
    S_MTE3,
    MTE3_S,
    MTE2_FIX,
    FIX_MTE2,
    FIX_S,
    M_S,
    FIX_MTE3,
    MTE1_FIX,
    FIX_MTE1,
    FIX_FIX,
    MAX,
};

using PipeID = pipe_t;

enum class RoundMode : uint8_t {
    CAST_NONE = 0,
    CAST_RINT,
    CAST_FLOOR,
    CAST_CEIL,
    CAST_ROUND,
    CAST_TRUNC,
    CAST_ODD,
};

enum class CMPMODE : uint8_t { LT = 0, GT, EQ, LE, GE, NE };

enum class SELMODE : uint8_t { VSEL_CMPMASK_SPR = 0, VSEL_TENSOR_SCALAR_MODE, VSEL_TENSOR_TENSOR_MODE };
using SelMode = SELMODE;

enum class ReduceOrder : uint8_t { ORDER_VALUE_INDEX = 0, ORDER_INDEX_VALUE, ORDER_ONLY_VALUE, ORDER_ONLY_INDEX };

enum class MaskMode : uint8_t { NORMAL = 0, COUNTER };
// Ascend C numbers DISABLE before NORMAL (the language's CacheMode numbers them the other way round: PA308)
enum class CacheMode : uint8_t { CACHE_MODE_DISABLE = 0, CACHE_MODE_NORMAL = 1, CACHE_MODE_LAST = 2,
                                 CACHE_MODE_PERSISTENT = 4 };
enum class CacheRwMode : uint8_t { READ = 1, WRITE = 2, RW = 3 };
enum class CacheLine : uint8_t { SINGLE_CACHE_LINE = 0, ENTIRE_DATA_CACHE };
enum class DcciDst : uint8_t { CACHELINE_ALL = 0, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };
enum class DataFormat : uint8_t { ND = 0, NZ, NCHW, NC1HWC0, NHWC };
enum class Hardware : uint8_t { GM = 0, UB, L1, L0A, L0B, L0C, BIAS, FIXBUF, MAX };
enum class MemDsbT : uint8_t { ALL = 0, DDR, UB, SEQ };
enum class AtomicDtype : uint8_t { ATOMIC_NONE = 0, ATOMIC_F32, ATOMIC_F16, ATOMIC_S16, ATOMIC_S32, ATOMIC_S8,
                                   ATOMIC_BF16 };
enum class AtomicOp : uint8_t { ATOMIC_SUM = 0 };
enum class TransposeType : uint8_t {
    TRANSPOSE_TYPE_NONE = 0,
    TRANSPOSE_NZ2ND_0213,
    TRANSPOSE_NZ2NZ_0213,
    TRANSPOSE_NZ2NZ_012_WITH_N,
    TRANSPOSE_NZ2ND_012_WITH_N,
    TRANSPOSE_NZ2ND_012_WITHOUT_N,
    TRANSPOSE_NZ2NZ_012_WITHOUT_N,
    TRANSPOSE_ND2ND_ONLY,
    TRANSPOSE_ND_UB_GM,
    TRANSPOSE_GRAD_ND_UB_GM,
    TRANSPOSE_ND2ND_B16,
    TRANSPOSE_NCHW2NHWC,
    TRANSPOSE_NHWC2NCHW,
};
enum class PaddingMode : uint8_t { Normal = 0, Compact };
enum class BlockMode : uint8_t { BLOCK_MODE_NORMAL = 0, BLOCK_MODE_MATRIX, BLOCK_MODE_VECTOR, BLOCK_MODE_SMALL_CHANNEL,
                                 BLOCK_MODE_DEPTHWISE };
enum class DeqScale : uint8_t { DEQ_NONE = 0, DEQ, VDEQ, DEQ8, VDEQ8, DEQ16, VDEQ16 };

// ---- sizes ----------------------------------------------------------------------------------------------------
constexpr int32_t ONE_BLK_SIZE = 32;
constexpr int32_t ONE_REPEAT_BYTE_SIZE = 256;
constexpr int32_t DEFAULT_BLK_NUM = 8;
constexpr int32_t DEFAULT_REPEAT_STRIDE = 8;
constexpr int32_t MAX_REPEAT_TIMES = 255;
constexpr int32_t DEFAULT_C0_SIZE = 32;
constexpr uint32_t TOTAL_L1_SIZE = 512 * 1024;
constexpr uint32_t TOTAL_L0A_SIZE = 64 * 1024;
constexpr uint32_t TOTAL_L0B_SIZE = 64 * 1024;
constexpr uint32_t TOTAL_L0C_SIZE = 128 * 1024;
constexpr uint32_t TOTAL_UB_SIZE = 192 * 1024;

// ---- parameter structs ----------------------------------------------------------------------------------------
struct BinaryRepeatParams {
    __aicore__ BinaryRepeatParams() {}
    __aicore__ BinaryRepeatParams(const uint8_t dstBlkStrideIn, const uint8_t src0BlkStrideIn,
                                  const uint8_t src1BlkStrideIn, const uint8_t dstRepStrideIn,
                                  const uint8_t src0RepStrideIn, const uint8_t src1RepStrideIn)
        : dstBlkStride(dstBlkStrideIn), src0BlkStride(src0BlkStrideIn), src1BlkStride(src1BlkStrideIn),
          dstRepStride(dstRepStrideIn), src0RepStride(src0RepStrideIn), src1RepStride(src1RepStrideIn) {}
    uint32_t blockNumber = DEFAULT_BLK_NUM;
    uint8_t dstBlkStride = 1;
    uint8_t src0BlkStride = 1;
    uint8_t src1BlkStride = 1;
    uint8_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src0RepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src1RepStride = DEFAULT_REPEAT_STRIDE;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
};

struct UnaryRepeatParams {
    __aicore__ UnaryRepeatParams() {}
    __aicore__ UnaryRepeatParams(const uint16_t dstBlkStrideIn, const uint16_t srcBlkStrideIn,
                                 const uint8_t dstRepStrideIn, const uint8_t srcRepStrideIn)
        : dstBlkStride(dstBlkStrideIn), srcBlkStride(srcBlkStrideIn), dstRepStride(dstRepStrideIn),
          srcRepStride(srcRepStrideIn) {}
    uint32_t blockNumber = DEFAULT_BLK_NUM;
    uint16_t dstBlkStride = 1;
    uint16_t srcBlkStride = 1;
    uint8_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t srcRepStride = DEFAULT_REPEAT_STRIDE;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
    bool halfBlock = false;
};

struct CopyRepeatParams {
    __aicore__ CopyRepeatParams() {}
    __aicore__ CopyRepeatParams(const uint16_t dstStrideIn, const uint16_t srcStrideIn, uint16_t dstRepeatSizeIn,
                                uint16_t srcRepeatSizeIn)
        : dstStride(dstStrideIn), srcStride(srcStrideIn), dstRepeatSize(dstRepeatSizeIn),
          srcRepeatSize(srcRepeatSizeIn) {}
    uint16_t dstStride = 1;
    uint16_t srcStride = 1;
    uint16_t dstRepeatSize = 8;
    uint16_t srcRepeatSize = 8;
};

struct BrcbRepeatParams {
    __aicore__ BrcbRepeatParams() {}
    __aicore__ BrcbRepeatParams(const uint16_t dstBlkStrideIn, const uint16_t dstRepStrideIn)
        : dstBlkStride(dstBlkStrideIn), dstRepStride(dstRepStrideIn) {}
    uint16_t dstBlkStride = 1;
    uint16_t dstRepStride = 8;
};

struct GatherRepeatParams {
    __aicore__ GatherRepeatParams() {}
    __aicore__ GatherRepeatParams(const uint8_t dstBlkStrideIn, const uint8_t dstRepStrideIn)
        : dstBlkStride(dstBlkStrideIn), dstRepStride(dstRepStrideIn) {}
    uint32_t blockNumber = DEFAULT_BLK_NUM;
    uint16_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t dstBlkStride = 1;
};

struct DataCopyParams {
    __aicore__ DataCopyParams() {}
    __aicore__ DataCopyParams(const uint16_t count, const uint16_t len, const uint16_t srcStrideIn,
                              const uint16_t dstStrideIn)
        : blockCount(count), blockLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn) {}
    uint16_t blockCount = 1;
    uint16_t blockLen = 0;
    uint16_t srcStride = 0;
    uint16_t dstStride = 0;
};

struct DataCopyExtParams {
    __aicore__ DataCopyExtParams() {}
    __aicore__ DataCopyExtParams(const uint16_t count, const uint32_t len, const uint32_t srcStrideIn,
                                 const uint32_t dstStrideIn, const uint32_t rsvIn)
        : blockCount(count), blockLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn), rsv(rsvIn) {}
    uint16_t blockCount = 1;
    uint32_t blockLen = 0;
    uint32_t srcStride = 0;
    uint32_t dstStride = 0;
    uint32_t rsv = 0;
};

struct DataCopyPadParams {
    __aicore__ DataCopyPadParams() {}
    __aicore__ DataCopyPadParams(const bool isPadValue, const uint8_t leftPadValue, const uint8_t rightPadValue,
                                 const uint64_t paddingValueIn)
        : isPad(isPadValue), leftPadding(leftPadValue), rightPadding(rightPadValue), paddingValue(paddingValueIn) {}
    bool isPad = false;
    uint8_t leftPadding = 0;
    uint8_t rightPadding = 0;
    uint64_t paddingValue = 0;
};

template <typename T>
struct DataCopyPadExtParams {
    __aicore__ DataCopyPadExtParams() {}
    __aicore__ DataCopyPadExtParams(const bool isPadValue, const uint8_t leftPadValue, const uint8_t rightPadValue,
                                    T padValue)
        : isPad(isPadValue), leftPadding(leftPadValue), rightPadding(rightPadValue), paddingValue(padValue) {}
    bool isPad = false;
    uint8_t leftPadding = 0;
    uint8_t rightPadding = 0;
    T paddingValue = 0;
};

struct DataCopyEnhancedParams {
    __aicore__ DataCopyEnhancedParams() {}
    __aicore__ DataCopyEnhancedParams(const BlockMode blockModeIn, const DeqScale deqScaleIn, const uint64_t deqValueIn,
                                      const uint8_t sidStoreModeIn, const bool isReluIn, const pad_t padModeIn,
                                      const uint64_t padValueIn)
        : blockMode(blockModeIn), deqScale(deqScaleIn), deqValue(deqValueIn), sidStoreMode(sidStoreModeIn),
          isRelu(isReluIn), padMode(padModeIn), padValue(padValueIn) {}
    BlockMode blockMode = BlockMode::BLOCK_MODE_NORMAL;
    DeqScale deqScale = DeqScale::DEQ_NONE;
    uint64_t deqValue = 0;
    uint8_t sidStoreMode = 0;
    bool isRelu = false;
    pad_t padMode = pad_t::PAD_NONE;
    uint64_t padValue = 0;
};

struct Nd2NzParams {
    __aicore__ Nd2NzParams() {}
    __aicore__ Nd2NzParams(const uint16_t ndNumIn, const uint16_t nValueIn, const uint16_t dValueIn,
                           const uint16_t srcNdMatrixStrideIn, const uint16_t srcDValueIn,
                           const uint16_t dstNzC0StrideIn, const uint16_t dstNzNStrideIn,
                           const uint16_t dstNzMatrixStrideIn)
        : ndNum(ndNumIn), nValue(nValueIn), dValue(dValueIn), srcNdMatrixStride(srcNdMatrixStrideIn),
          srcDValue(srcDValueIn), dstNzC0Stride(dstNzC0StrideIn), dstNzNStride(dstNzNStrideIn),
          dstNzMatrixStride(dstNzMatrixStrideIn) {}
    uint16_t ndNum = 0;
    uint16_t nValue = 0;
    uint16_t dValue = 0;
    uint16_t srcNdMatrixStride = 0;
    uint16_t srcDValue = 0;
    uint16_t dstNzC0Stride = 0;
    uint16_t dstNzNStride = 0;
    uint16_t dstNzMatrixStride = 0;
};

constexpr int32_t K_MAX_SHAPE_DIM = 8;
struct ShapeInfo {
    __aicore__ ShapeInfo() {}
    __aicore__ ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[]);
    __aicore__ ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[], const DataFormat inputFormat);
    __aicore__ ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[], const uint8_t inputOriginalShapeDim,
                         const uint32_t inputOriginalShape[], const DataFormat inputFormat);
    uint8_t shapeDim = 0;
    uint8_t originalShapeDim = 0;
    uint32_t shape[K_MAX_SHAPE_DIM];
    uint32_t originalShape[K_MAX_SHAPE_DIM];
    DataFormat dataFormat = DataFormat::ND;
};

// ---- tensors --------------------------------------------------------------------------------------------------
template <typename T>
class LocalTensor {
public:
    using PrimType = T;
    __aicore__ LocalTensor() {}
    __aicore__ LocalTensor(TPosition pos, uint32_t addr, uint32_t tileSize);
    __aicore__ LocalTensor<T> operator[](const uint32_t offset) const;
    __aicore__ T GetValue(const uint32_t index) const;
    __aicore__ void SetValue(const uint32_t index, const T value) const;
    __aicore__ T& operator()(const uint32_t index) const;
    __aicore__ uint32_t GetSize() const;
    __aicore__ uint32_t GetLength() const;
    __aicore__ void SetSize(const uint32_t size);
    __aicore__ int32_t GetPosition() const;
    __aicore__ uint64_t GetPhyAddr() const;
    __aicore__ uint64_t GetPhyAddr(const uint32_t offset) const;
    __aicore__ void SetUserTag(const int32_t tag);
    __aicore__ int32_t GetUserTag() const;
    __aicore__ void SetBufferLen(uint32_t dataLen);
    __aicore__ void SetShapeInfo(const ShapeInfo& shapeInfo);
    __aicore__ ShapeInfo GetShapeInfo() const;
    template <typename U>
    __aicore__ void SetAddrWithOffset(LocalTensor<U>& src, uint32_t offset);
    template <typename U>
    __aicore__ LocalTensor<U> ReinterpretCast() const;
    __aicore__ void Print() const;
    __aicore__ void Print(uint32_t len) const;
    PYASC_PARTIAL("CPU-debug builds only; a device build has no ToFile") int32_t ToFile(const char* fileName) const;
};

template <typename T>
class GlobalTensor {
public:
    using PrimType = T;
    __aicore__ GlobalTensor() {}
    __aicore__ void SetGlobalBuffer(__gm__ T* buffer, uint64_t bufferSize);
    __aicore__ void SetGlobalBuffer(__gm__ T* buffer);
    __aicore__ const __gm__ T* GetPhyAddr() const;
    __aicore__ __gm__ T* GetPhyAddr(const uint64_t offset) const;
    __aicore__ T GetValue(const uint64_t offset) const;
    __aicore__ void SetValue(const uint64_t offset, const T value);
    __aicore__ GlobalTensor<T> operator[](const uint64_t offset) const;
    __aicore__ T& operator()(const uint64_t offset) const;
    __aicore__ uint64_t GetSize() const;
    __aicore__ void SetShapeInfo(const ShapeInfo& shapeInfo);
    __aicore__ ShapeInfo GetShapeInfo() const;
    template <CacheRwMode rwMode = CacheRwMode::RW>
    __aicore__ void SetL2CacheHint(CacheMode mode);
};

// ---- queues, buffers and the pipe -----------------------------------------------------------------------------
template <TPosition src, TPosition dst, int32_t depth, uint32_t mask = 0>
class TQueBind {
public:
    static_assert(depth >= 0, "TQue depth must not be negative");
    __aicore__ TQueBind() {}
    template <typename T>
    __aicore__ LocalTensor<T> AllocTensor();
    template <typename T>
    __aicore__ inline void AllocTensor(LocalTensor<T>& tensor) {
        static_assert(depth == 0, "AllocTensor(tensor) fills a tensor in place: only a queue of depth 0 does that");
    }
    template <typename T>
    __aicore__ void FreeTensor(LocalTensor<T>& tensor);
    template <typename T>
    __aicore__ bool EnQue(const LocalTensor<T>& tensor);
    template <TPosition srcUserPos, TPosition dstUserPos, typename T>
    __aicore__ inline bool EnQue(const LocalTensor<T>& tensor) {
        static_assert(!(srcUserPos == TPosition::GM && dstUserPos == TPosition::GM),
                      "EnQue<src, dst>: src and dst cannot both be GM");
        return true;
    }
    template <typename T>
    __aicore__ LocalTensor<T> DeQue();
    template <typename T>
    __aicore__ inline void DeQue(LocalTensor<T>& tensor) {
        static_assert(depth == 0, "DeQue(tensor) fills a tensor in place: only a queue of depth 0 does that");
    }
    template <TPosition srcUserPos, TPosition dstUserPos, typename T>
    __aicore__ inline LocalTensor<T> DeQue() {
        static_assert(!(srcUserPos == TPosition::GM && dstUserPos == TPosition::GM),
                      "DeQue<src, dst>: src and dst cannot both be GM");
        return LocalTensor<T>();
    }
    __aicore__ bool VacantInQue();
    __aicore__ bool HasTensorInQue();
    __aicore__ int32_t GetTensorCountInQue();
    __aicore__ bool HasIdleBuffer();
    __aicore__ void FreeAllEvent();
};

template <TPosition pos, int32_t depth, uint32_t mask = 0>
class TQue : public TQueBind<pos, pos, depth, mask> {
public:
    __aicore__ TQue() {}
};

// A TBuf is a queue binding of depth 0: it inherits AllocTensor/FreeTensor (and, as in the real headers, EnQue).
template <TPosition pos = TPosition::LCM>
class TBuf : public TQueBind<pos, pos, 0, 0> {
public:
    __aicore__ TBuf() {}
    template <typename T>
    __aicore__ LocalTensor<T> Get();
    template <typename T>
    __aicore__ LocalTensor<T> Get(uint32_t len);
    template <typename T>
    __aicore__ LocalTensor<T> GetWithOffset(uint32_t size, uint32_t bufOffset);
};

template <TPosition pos, uint32_t bufIDSize = 4>
class TBufPool {
public:
    __aicore__ TBufPool() {}
    __aicore__ void Reset();
    template <TPosition src, TPosition dst, int32_t depth, uint32_t mask>
    __aicore__ bool InitBuffer(TQueBind<src, dst, depth, mask>& que, uint8_t num, uint32_t len);
    template <TPosition bufPos>
    __aicore__ bool InitBuffer(TBuf<bufPos>& buf, uint32_t len);
    template <class T>
    __aicore__ bool InitBufPool(T& bufPool, uint32_t len);
    template <class T, class U>
    __aicore__ bool InitBufPool(T& bufPool, uint32_t len, U& shareBuf);
};

class TPipe {
public:
    __aicore__ TPipe() {}
    __aicore__ ~TPipe() {}
    __aicore__ void Init();
    __aicore__ void Reset();
    __aicore__ void Destroy();
    template <TPosition src, TPosition dst, int32_t depth, uint32_t mask>
    __aicore__ inline bool InitBuffer(TQueBind<src, dst, depth, mask>& que, uint8_t num, uint32_t len) {
        static_assert(depth != 0, "InitBuffer(que, num, len) takes a TQue; a TBuf takes InitBuffer(buf, len)");
        return true;
    }
    template <TPosition pos>
    __aicore__ bool InitBuffer(TBuf<pos>& buf, uint32_t len);
    template <TPosition pos, uint32_t bufIDSize>
    __aicore__ bool InitBufPool(TBufPool<pos, bufIDSize>& bufPool, uint32_t len);
    template <TPosition pos, uint32_t bufIDSize, TPosition sharePos, uint32_t shareIDSize>
    __aicore__ bool InitBufPool(TBufPool<pos, bufIDSize>& bufPool, uint32_t len,
                                TBufPool<sharePos, shareIDSize>& shareBuf);
    template <HardEvent evt>
    __aicore__ int8_t AllocEventID();
    template <HardEvent evt>
    __aicore__ void ReleaseEventID(int8_t id);
    template <HardEvent evt>
    __aicore__ int8_t FetchEventID();
    __aicore__ int8_t FetchEventID(HardEvent evt);
    __aicore__ uint8_t* GetBaseAddr(int8_t logicPos);  // CPU debugging: the host address behind a position
};

using TBufHandle = uint8_t*;

// ---- system variables and synchronisation ---------------------------------------------------------------------
__aicore__ int64_t GetBlockIdx();
__aicore__ int64_t GetBlockNum();
__aicore__ int64_t GetSubBlockIdx();
__aicore__ int64_t GetSubBlockNum();
__aicore__ int64_t GetTaskRatio();
__aicore__ int64_t GetSystemCycle();
__aicore__ int64_t GetProgramCounter();
__aicore__ int64_t GetDataBlockSizeInBytes();
__aicore__ void Trap();

template <HardEvent event>
__aicore__ void SetFlag(int32_t eventID);
template <HardEvent event>
__aicore__ void WaitFlag(int32_t eventID);
template <pipe_t pipe>
__aicore__ void PipeBarrier();
template <MemDsbT arg0>
__aicore__ void DataSyncBarrier();
template <bool isAIVOnly = true>
__aicore__ void SyncAll();
template <bool isAIVOnly = true>
__aicore__ void SyncAll(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace,
                        const int32_t usedCores = 0);
template <uint8_t modeId, pipe_t pipe>
__aicore__ void CrossCoreSetFlag(uint16_t flagId);
template <uint8_t modeId = 0, pipe_t pipe = PIPE_S>
__aicore__ void CrossCoreWaitFlag(uint16_t flagId);

__aicore__ void SetMaskCount();
__aicore__ void SetMaskNorm();
__aicore__ void ResetMask();
template <typename T, MaskMode mode = MaskMode::NORMAL>
__aicore__ void SetVectorMask(const uint64_t maskHigh, const uint64_t maskLow);
template <typename T, MaskMode mode = MaskMode::NORMAL>
__aicore__ void SetVectorMask(int32_t len);

template <typename T>
__aicore__ void SetAtomicAdd();
template <typename T>
__aicore__ void SetAtomicMax();
template <typename T>
__aicore__ void SetAtomicMin();
__aicore__ void SetAtomicNone();

// ---- debugging ------------------------------------------------------------------------------------------------
template <class... Args>
__aicore__ void printf(__gm__ const char* fmt, Args&&... args);
template <class... Args>
__aicore__ void PRINTF(__gm__ const char* fmt, Args&&... args);
template <typename T>
__aicore__ void DumpTensor(const LocalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize);
template <typename T>
__aicore__ void DumpTensor(const GlobalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize);
template <typename T>
__aicore__ void DumpTensor(const LocalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize,
                           const ShapeInfo& shapeInfo);
template <typename T>
__aicore__ void DumpTensor(const GlobalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize,
                           const ShapeInfo& shapeInfo);
__aicore__ void PrintTimeStamp(uint32_t descId);

// ---- data movement --------------------------------------------------------------------------------------------
// GM -> local, local -> GM and local -> local; there is no GM -> GM overload.
template <typename T>
__aicore__ inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const uint32_t count) {}
template <typename T>
__aicore__ inline void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count) {}
template <typename T>
__aicore__ inline void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count) {}
template <typename T>
__aicore__ inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src,
                                const DataCopyParams& repeatParams) {}
template <typename T>
__aicore__ inline void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src,
                                const DataCopyParams& repeatParams) {}
template <typename T>
__aicore__ inline void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                const DataCopyParams& repeatParams) {}
template <typename T>
__aicore__ inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src,
                                const DataCopyParams& intriParams, const DataCopyEnhancedParams& enhancedParams) {}
template <typename T>
__aicore__ inline void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src,
                                const DataCopyParams& intriParams, const DataCopyEnhancedParams& enhancedParams) {}
template <typename T>
__aicore__ inline void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                const DataCopyParams& intriParams, const DataCopyEnhancedParams& enhancedParams) {}
template <typename T>
__aicore__ inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src,
                                const Nd2NzParams& intriParams) {}

template <typename T, PaddingMode mode = PaddingMode::Normal>
__aicore__ inline void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src,
                                   const DataCopyExtParams& dataCopyParams,
                                   const DataCopyPadExtParams<T>& padParams) {}
template <typename T, PaddingMode mode = PaddingMode::Normal>
__aicore__ inline void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src,
                                   const DataCopyExtParams& dataCopyParams) {}
template <typename T>
__aicore__ inline void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src,
                                   const DataCopyParams& dataCopyParams, const DataCopyPadParams& padParams) {}
template <typename T>
__aicore__ inline void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src,
                                   const DataCopyParams& dataCopyParams) {}
template <typename T>
__aicore__ void DataCopyPad(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& dataCopyParams,
                           const Nd2NzParams& nd2nzParams);
template <typename T>
__aicore__ inline void DataCopyPad(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                   const DataCopyExtParams& dataCopyParams, const Nd2NzParams& nd2nzParams) {}

template <typename T, bool isSetMask = true>
__aicore__ inline void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask,
                            const uint8_t repeatTime, const CopyRepeatParams& repeatParams) {}
template <typename T, bool isSetMask = true>
__aicore__ inline void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask[],
                            const uint8_t repeatTime, const CopyRepeatParams& repeatParams) {}

template <typename T, TPosition pos = TPosition::MAX>
__aicore__ void SetPadValue(T paddingValue);

// ---- vector operations ----------------------------------------------------------------------------------------
// Each family has the documented count form (L2) and the mask/repeat forms with a continuous mask (uint64_t) or a
// bit mask (uint64_t[2]); the element-type rule is a static_assert that names the API.

#define PYASC_VEC_BINARY(NAME, RULE, TYPES)                                                                       \
    template <typename T>                                                                                         \
    __aicore__ inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, \
                                const int32_t& count) {                                                           \
        static_assert(check::RULE<T>::value, #NAME ": element type must be " TYPES);                              \
    }                                                                                                             \
    template <typename T, bool isSetMask = true>                                                                  \
    __aicore__ inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, \
                                uint64_t mask, const uint8_t repeatTime, const BinaryRepeatParams& repeatParams) { \
        static_assert(check::RULE<T>::value, #NAME ": element type must be " TYPES);                              \
    }                                                                                                             \
    template <typename T, bool isSetMask = true>                                                                  \
    __aicore__ inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, \
                                uint64_t mask[], const uint8_t repeatTime, const BinaryRepeatParams& repeatParams) { \
        static_assert(check::RULE<T>::value, #NAME ": element type must be " TYPES);                              \
    }

PYASC_VEC_BINARY(Add, arith, "half, float, int16_t or int32_t")
PYASC_VEC_BINARY(Sub, arith, "half, float, int16_t or int32_t")
PYASC_VEC_BINARY(Mul, arith, "half, float, int16_t or int32_t")
PYASC_VEC_BINARY(Max, arith, "half, float, int16_t or int32_t")
PYASC_VEC_BINARY(Min, arith, "half, float, int16_t or int32_t")
PYASC_VEC_BINARY(Div, fp, "half or float")
PYASC_VEC_BINARY(And, bitwise, "int16_t or uint16_t")
PYASC_VEC_BINARY(Or, bitwise, "int16_t or uint16_t")
PYASC_VEC_BINARY(AddRelu, arith, "half, float, int16_t or int32_t")
PYASC_VEC_BINARY(SubRelu, arith, "half, float, int16_t or int32_t")
PYASC_VEC_BINARY(FusedMulAdd, fp, "half or float")
PYASC_VEC_BINARY(FusedMulAddRelu, fp, "half or float")
#undef PYASC_VEC_BINARY

// MulAddDst (dst = src0 * src1 + dst) lets dst be wider than the sources, so it has two type parameters.
template <typename T, typename U>
__aicore__ inline void MulAddDst(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,
                                 const int32_t& count) {
    static_assert(check::fp<U>::value, "MulAddDst: element type must be half or float");
}
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void MulAddDst(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,
                                 uint64_t mask, const uint8_t repeatTime, const BinaryRepeatParams& repeatParams) {
    static_assert(check::fp<U>::value, "MulAddDst: element type must be half or float");
}
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void MulAddDst(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,
                                 const uint64_t mask[], const uint8_t repeatTime,
                                 const BinaryRepeatParams& repeatParams) {
    static_assert(check::fp<U>::value, "MulAddDst: element type must be half or float");
}

// Tensor-scalar forms: as in the real headers, the scalar must have exactly the element type (T is deduced from
// both the tensors and the scalar), so a float scalar on a half tensor finds no matching function.
#define PYASC_VEC_SCALAR(NAME, RULE, TYPES)                                                                       \
    template <typename T, bool isSetMask = true>                                                                  \
    __aicore__ inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue,       \
                                const int32_t& count) {                                                           \
        static_assert(check::RULE<T>::value, #NAME ": element type must be " TYPES);                              \
    }                                                                                                             \
    template <typename T, bool isSetMask = true>                                                                  \
    __aicore__ inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue,       \
                                uint64_t mask, const uint8_t repeatTime, const UnaryRepeatParams& repeatParams) { \
        static_assert(check::RULE<T>::value, #NAME ": element type must be " TYPES);                              \
    }                                                                                                             \
    template <typename T, bool isSetMask = true>                                                                  \
    __aicore__ inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue,       \
                                uint64_t mask[], const uint8_t repeatTime, const UnaryRepeatParams& repeatParams) { \
        static_assert(check::RULE<T>::value, #NAME ": element type must be " TYPES);                              \
    }

PYASC_VEC_SCALAR(Adds, arith, "half, float, int16_t or int32_t")
PYASC_VEC_SCALAR(Muls, arith, "half, float, int16_t or int32_t")
PYASC_VEC_SCALAR(Maxs, arith, "half, float, int16_t or int32_t")
PYASC_VEC_SCALAR(Mins, arith, "half, float, int16_t or int32_t")
PYASC_VEC_SCALAR(LeakyRelu, fp, "half or float")
PYASC_VEC_SCALAR(ShiftLeft, shiftable, "int16_t, uint16_t, int32_t or uint32_t")
PYASC_VEC_SCALAR(ShiftRight, shiftable, "int16_t, uint16_t, int32_t or uint32_t")
#undef PYASC_VEC_SCALAR

#define PYASC_VEC_UNARY(NAME, RULE, TYPES)                                                                        \
    template <typename T>                                                                                         \
    __aicore__ inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count) {     \
        static_assert(check::RULE<T>::value, #NAME ": element type must be " TYPES);                              \
    }                                                                                                             \
    template <typename T, bool isSetMask = true>                                                                  \
    __aicore__ inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask,              \
                                const uint8_t repeatTime, const UnaryRepeatParams& repeatParams) {                \
        static_assert(check::RULE<T>::value, #NAME ": element type must be " TYPES);                              \
    }                                                                                                             \
    template <typename T, bool isSetMask = true>                                                                  \
    __aicore__ inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask[],            \
                                const uint8_t repeatTime, const UnaryRepeatParams& repeatParams) {                \
        static_assert(check::RULE<T>::value, #NAME ": element type must be " TYPES);                              \
    }

PYASC_VEC_UNARY(Exp, fp, "half or float")
PYASC_VEC_UNARY(Ln, fp, "half or float")
PYASC_VEC_UNARY(Abs, fp, "half or float")
PYASC_VEC_UNARY(Reciprocal, fp, "half or float")
PYASC_VEC_UNARY(Sqrt, fp, "half or float")
PYASC_VEC_UNARY(Rsqrt, fp, "half or float")
PYASC_VEC_UNARY(Relu, arith, "half, float, int16_t or int32_t")
PYASC_VEC_UNARY(Not, bitwise, "int16_t or uint16_t")
#undef PYASC_VEC_UNARY

template <typename T, typename U>
__aicore__ inline void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U scalarValue,
                            const int32_t& count) {
    static_assert(check::fp<T>::value && check::fp<U>::value, "Axpy: element types must be half or float");
}
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U scalarValue,
                            uint64_t mask, const uint8_t repeatTime, const UnaryRepeatParams& repeatParams) {
    static_assert(check::fp<T>::value && check::fp<U>::value, "Axpy: element types must be half or float");
}
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U scalarValue,
                            uint64_t mask[], const uint8_t repeatTime, const UnaryRepeatParams& repeatParams) {
    static_assert(check::fp<T>::value && check::fp<U>::value, "Axpy: element types must be half or float");
}
// The advanced-math form, with a shared temporary buffer.
template <typename T, typename U, bool isReuseSource = false>
__aicore__ inline void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U scalarValue,
                            const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    static_assert(check::fp<T>::value && check::fp<U>::value, "Axpy: element types must be half or float");
}

template <typename T>
__aicore__ inline void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, const int32_t& count) {
    static_assert(check::b16b32<T>::value, "Duplicate: element type must be a 16- or 32-bit type");
}
template <typename T, bool isSetMask = true>
__aicore__ inline void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, uint64_t mask,
                                 const uint8_t repeatTime, const uint16_t dstBlockStride,
                                 const uint8_t dstRepeatStride) {
    static_assert(check::b16b32<T>::value, "Duplicate: element type must be a 16- or 32-bit type");
}
template <typename T, bool isSetMask = true>
__aicore__ inline void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, uint64_t mask[],
                                 const uint8_t repeatTime, const uint16_t dstBlockStride,
                                 const uint8_t dstRepeatStride) {
    static_assert(check::b16b32<T>::value, "Duplicate: element type must be a 16- or 32-bit type");
}

template <typename T>
__aicore__ inline void Brcb(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const uint8_t repeatTime,
                            const BrcbRepeatParams& repeatParams) {
    static_assert(check::b16b32<T>::value, "Brcb: element type must be a 16- or 32-bit type");
}

template <typename T, typename U>
__aicore__ inline void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode,
                            const uint32_t count) {
    static_assert(check::numeric<T>::value && check::numeric<U>::value, "Cast: element types must be numeric");
}
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode,
                            const uint64_t mask, const uint8_t repeatTime, const UnaryRepeatParams& repeatParams) {
    static_assert(check::numeric<T>::value && check::numeric<U>::value, "Cast: element types must be numeric");
}
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode,
                            const uint64_t mask[], const uint8_t repeatTime, const UnaryRepeatParams& repeatParams) {
    static_assert(check::numeric<T>::value && check::numeric<U>::value, "Cast: element types must be numeric");
}

// ---- compare and select ---------------------------------------------------------------------------------------
template <typename T, typename U>
__aicore__ inline void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                               CMPMODE cmpMode, uint32_t count) {
    static_assert(check::one_of<T, half, float, int32_t>::value,
                  "Compare: element type must be half, float or int32_t");
    // the comparison's bits, packed: Ascend C asserts uint8/16/32/64_t on the A2/A3 cores (int8_t elsewhere)
    static_assert(check::one_of<U, uint8_t, int8_t, uint16_t, uint32_t, uint64_t>::value,
                  "Compare: the result tensor holds the bits as uint8_t, int8_t, uint16_t, uint32_t or uint64_t");
}
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                               CMPMODE cmpMode, const uint64_t mask, uint8_t repeatTime,
                               const BinaryRepeatParams& repeatParams) {
    static_assert(check::one_of<T, half, float, int32_t>::value,
                  "Compare: element type must be half, float or int32_t");
}
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                               CMPMODE cmpMode, const uint64_t mask[], uint8_t repeatTime,
                               const BinaryRepeatParams& repeatParams) {
    static_assert(check::one_of<T, half, float, int32_t>::value,
                  "Compare: element type must be half, float or int32_t");
}
// Register forms: the comparison result stays in the compare-mask register (read it with GetCmpMask).
template <typename T, bool isSetMask = true>
__aicore__ inline void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode,
                               const uint64_t mask, const BinaryRepeatParams& repeatParams) {
    static_assert(check::one_of<T, half, float, int32_t>::value,
                  "Compare: element type must be half, float or int32_t");
}
template <typename T, bool isSetMask = true>
__aicore__ inline void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode,
                               const uint64_t mask[], const BinaryRepeatParams& repeatParams) {
    static_assert(check::one_of<T, half, float, int32_t>::value,
                  "Compare: element type must be half, float or int32_t");
}
template <typename T, typename U>
__aicore__ inline void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar,
                                     CMPMODE cmpMode, uint32_t count) {
    static_assert(check::one_of<T, half, float, int32_t>::value,
                  "CompareScalar: element type must be half, float or int32_t");
}
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar,
                                     CMPMODE cmpMode, const uint64_t mask, uint8_t repeatTime,
                                     const UnaryRepeatParams& repeatParams) {
    static_assert(check::one_of<T, half, float, int32_t>::value,
                  "CompareScalar: element type must be half, float or int32_t");
}
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar,
                                     CMPMODE cmpMode, const uint64_t mask[], uint8_t repeatTime,
                                     const UnaryRepeatParams& repeatParams) {
    static_assert(check::one_of<T, half, float, int32_t>::value,
                  "CompareScalar: element type must be half, float or int32_t");
}

template <typename T, typename U>
__aicore__ inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                              const LocalTensor<T>& src1, SELMODE selMode, uint32_t count) {
    static_assert(check::fp<T>::value, "Select: element type must be half or float");
}
template <typename T, typename U>
__aicore__ inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                              T src1, SELMODE selMode, uint32_t count) {
    static_assert(check::fp<T>::value, "Select: element type must be half or float");
}
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                              const LocalTensor<T>& src1, SELMODE selMode, uint64_t mask, uint8_t repeatTime,
                              const BinaryRepeatParams& repeatParams) {
    static_assert(check::fp<T>::value, "Select: element type must be half or float");
}
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                              const LocalTensor<T>& src1, SELMODE selMode, uint64_t mask[], uint8_t repeatTime,
                              const BinaryRepeatParams& repeatParams) {
    static_assert(check::fp<T>::value, "Select: element type must be half or float");
}
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                              T src1, SELMODE selMode, uint64_t mask, uint8_t repeatTime,
                              const BinaryRepeatParams& repeatParams) {
    static_assert(check::fp<T>::value, "Select: element type must be half or float");
}
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                              T src1, SELMODE selMode, uint64_t mask[], uint8_t repeatTime,
                              const BinaryRepeatParams& repeatParams) {
    static_assert(check::fp<T>::value, "Select: element type must be half or float");
}
// Register form: the selection mask was set before with SetCmpMask, the vector mask with SetVectorMask.
template <typename T, SELMODE selMode>
__aicore__ inline void Select(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                              uint8_t repeatTime, const BinaryRepeatParams& repeatParams) {
    static_assert(check::fp<T>::value, "Select: element type must be half or float");
}
template <typename T>
__aicore__ void GetCmpMask(const LocalTensor<T>& dst);
template <typename T>
__aicore__ void SetCmpMask(const LocalTensor<T>& src);

// ---- reductions -----------------------------------------------------------------------------------------------
#define PYASC_REDUCE_ALL(NAME)                                                                                    \
    template <typename T>                                                                                         \
    __aicore__ inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src,                             \
                                const LocalTensor<T>& sharedTmpBuffer, const int32_t count, bool calIndex = false) { \
        static_assert(check::fp<T>::value, #NAME ": element type must be half or float");                         \
    }                                                                                                             \
    template <typename T>                                                                                         \
    __aicore__ inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src,                             \
                                const LocalTensor<T>& sharedTmpBuffer, const int32_t mask, const int32_t repeatTime, \
                                const int32_t srcRepStride, bool calIndex = false) {                              \
        static_assert(check::fp<T>::value, #NAME ": element type must be half or float");                         \
    }                                                                                                             \
    template <typename T>                                                                                         \
    __aicore__ inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src,                             \
                                const LocalTensor<T>& sharedTmpBuffer, const uint64_t mask[],                     \
                                const int32_t repeatTime, const int32_t srcRepStride, bool calIndex = false) {    \
        static_assert(check::fp<T>::value, #NAME ": element type must be half or float");                         \
    }

PYASC_REDUCE_ALL(ReduceMax)
PYASC_REDUCE_ALL(ReduceMin)
#undef PYASC_REDUCE_ALL

template <typename T>
__aicore__ inline void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                 const LocalTensor<T>& sharedTmpBuffer, const int32_t count) {
    static_assert(check::fp<T>::value, "ReduceSum: element type must be half or float");
}
template <typename T>
__aicore__ inline void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                 const LocalTensor<T>& sharedTmpBuffer, const int32_t mask, const int32_t repeatTime,
                                 const int32_t srcRepStride) {
    static_assert(check::fp<T>::value, "ReduceSum: element type must be half or float");
}
template <typename T>
__aicore__ inline void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                 const LocalTensor<T>& sharedTmpBuffer, const uint64_t mask[],
                                 const int32_t repeatTime, const int32_t srcRepStride) {
    static_assert(check::fp<T>::value, "ReduceSum: element type must be half or float");
}

#define PYASC_WHOLE_REDUCE_ORDERED(NAME)                                                                          \
    template <typename T, bool isSetMask = true>                                                                  \
    __aicore__ inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t mask,         \
                                const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride, \
                                const int32_t srcRepStride, ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX) { \
        static_assert(check::fp<T>::value, #NAME ": element type must be half or float");                         \
    }                                                                                                             \
    template <typename T, bool isSetMask = true>                                                                  \
    __aicore__ inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[],      \
                                const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride, \
                                const int32_t srcRepStride, ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX) { \
        static_assert(check::fp<T>::value, #NAME ": element type must be half or float");                         \
    }

PYASC_WHOLE_REDUCE_ORDERED(WholeReduceMax)
PYASC_WHOLE_REDUCE_ORDERED(WholeReduceMin)
#undef PYASC_WHOLE_REDUCE_ORDERED

template <typename T, bool isSetMask = true>
__aicore__ inline void WholeReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t mask,
                                      const int32_t repeatTime, const int32_t dstRepStride,
                                      const int32_t srcBlkStride, const int32_t srcRepStride) {
    static_assert(check::fp<T>::value, "WholeReduceSum: element type must be half or float");
}
template <typename T, bool isSetMask = true>
__aicore__ inline void WholeReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[],
                                      const int32_t repeatTime, const int32_t dstRepStride,
                                      const int32_t srcBlkStride, const int32_t srcRepStride) {
    static_assert(check::fp<T>::value, "WholeReduceSum: element type must be half or float");
}

#define PYASC_BLOCK_REDUCE(NAME)                                                                                  \
    template <typename T, bool isSetMask = true>                                                                  \
    __aicore__ inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,   \
                                const int32_t mask, const int32_t dstRepStride, const int32_t srcBlkStride,       \
                                const int32_t srcRepStride) {                                                     \
        static_assert(check::fp<T>::value, #NAME ": element type must be half or float");                         \
    }                                                                                                             \
    template <typename T, bool isSetMask = true>                                                                  \
    __aicore__ inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,   \
                                const uint64_t mask[], const int32_t dstRepStride, const int32_t srcBlkStride,    \
                                const int32_t srcRepStride) {                                                     \
        static_assert(check::fp<T>::value, #NAME ": element type must be half or float");                         \
    }

PYASC_BLOCK_REDUCE(BlockReduceSum)
PYASC_BLOCK_REDUCE(BlockReduceMax)
PYASC_BLOCK_REDUCE(BlockReduceMin)
PYASC_BLOCK_REDUCE(PairReduceSum)
#undef PYASC_BLOCK_REDUCE

template <typename T, bool isSetMask = true>
__aicore__ inline void RepeatReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                                       const int32_t mask, const int32_t dstBlkStride, const int32_t srcBlkStride,
                                       const int32_t dstRepStride, const int32_t srcRepStride) {
    static_assert(check::fp<T>::value, "RepeatReduceSum: element type must be half or float");
}

// ---- gather, scatter, transpose ------------------------------------------------------------------------------
template <typename T>
__aicore__ inline void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                              const LocalTensor<uint32_t>& srcOffset, const uint32_t srcBaseAddr,
                              const uint32_t count) {}
template <typename T>
__aicore__ inline void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                              const LocalTensor<uint32_t>& srcOffset, const uint32_t srcBaseAddr, const uint64_t mask,
                              const uint8_t repeatTime, const uint16_t dstRepStride) {}
template <typename T>
__aicore__ inline void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                              const LocalTensor<uint32_t>& srcOffset, const uint32_t srcBaseAddr,
                              const uint64_t mask[], const uint8_t repeatTime, const uint16_t dstRepStride) {}
template <typename T>
__aicore__ inline void Scatter(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                               const LocalTensor<uint32_t>& dstOffset, const uint32_t dstBaseAddr,
                               const uint32_t count) {}
template <typename T>
__aicore__ inline void Scatter(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                               const LocalTensor<uint32_t>& dstOffset, const uint32_t dstBaseAddr, const uint64_t mask,
                               const uint8_t repeatTime, const uint8_t srcRepStride) {}
template <typename T>
__aicore__ inline void Scatter(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                               const LocalTensor<uint32_t>& dstOffset, const uint32_t dstBaseAddr,
                               const uint64_t mask[], const uint8_t repeatTime, const uint8_t srcRepStride) {}
// The 16x16 form moves 2-byte elements only.
template <typename T>
__aicore__ inline void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src) {
    static_assert(sizeof(T) == 2, "Transpose: the 16x16 form takes 2-byte elements (half, int16_t, uint16_t)");
}
template <typename T>
__aicore__ void SetAtomicType();

// ---- fused and converting vector ops (documented (dst, src) element type pairs) -----------------------------
namespace check {
template <typename T, typename U>
struct relu_cast_pair {  // AddReluCast, SubReluCast: half <- float, int8_t <- half, int8_t <- int16_t
    static constexpr bool value = (is_same<T, half>::value && is_same<U, float>::value) ||
                                  (is_same<T, int8_t>::value && one_of<U, half, int16_t>::value);
};
template <typename T, typename U>
struct mul_cast_pair {  // MulCast: int8_t or uint8_t <- half
    static constexpr bool value = one_of<T, int8_t, uint8_t>::value && is_same<U, half>::value;
};
template <typename T, typename U>
struct deq_pair {  // CastDeq: int8_t or uint8_t <- int16_t
    static constexpr bool value = one_of<T, int8_t, uint8_t>::value && is_same<U, int16_t>::value;
};
template <typename T, typename U>
struct deq_relu_pair {  // AddDeqRelu: half <- int32_t
    static constexpr bool value = is_same<T, half>::value && is_same<U, int32_t>::value;
};
template <typename T>
struct gatherb_type {  // Gatherb moves 2- and 4-byte elements
    static constexpr bool value = one_of<T, half, float, int16_t, uint16_t, int32_t, uint32_t>::value;
};
}  // namespace check

#define PYASC_CONVERTING_BINARY(NAME, RULE, WHAT)                                                                  \
    template <typename T, typename U>                                                                             \
    __aicore__ inline void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1, \
                                const uint32_t count) {                                                           \
        static_assert(check::RULE<T, U>::value, #NAME ": " WHAT);                                                 \
    }                                                                                                             \
    template <typename T, typename U, bool isSetMask = true>                                                      \
    __aicore__ inline void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1, \
                                uint64_t mask, const uint8_t repeatTime, const BinaryRepeatParams& repeatParams) { \
        static_assert(check::RULE<T, U>::value, #NAME ": " WHAT);                                                 \
    }                                                                                                             \
    template <typename T, typename U, bool isSetMask = true>                                                      \
    __aicore__ inline void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1, \
                                uint64_t mask[], const uint8_t repeatTime, const BinaryRepeatParams& repeatParams) { \
        static_assert(check::RULE<T, U>::value, #NAME ": " WHAT);                                                 \
    }

PYASC_CONVERTING_BINARY(AddReluCast, relu_cast_pair,
                        "(dst, src) element types must be (half, float), (int8_t, half) or (int8_t, int16_t)")
PYASC_CONVERTING_BINARY(SubReluCast, relu_cast_pair,
                        "(dst, src) element types must be (half, float), (int8_t, half) or (int8_t, int16_t)")
PYASC_CONVERTING_BINARY(MulCast, mul_cast_pair, "(dst, src) element types must be (int8_t, half) or (uint8_t, half)")
PYASC_CONVERTING_BINARY(AddDeqRelu, deq_relu_pair, "(dst, src) element types must be (half, int32_t)")
#undef PYASC_CONVERTING_BINARY

#define PYASC_CAST_DEQ_TYPES "CastDeq: (dst, src) element types must be (int8_t, int16_t) or (uint8_t, int16_t)"
template <typename T, typename U, bool isVecDeq = true, bool halfBlock = true>
__aicore__ inline void CastDeq(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint32_t count) {
    static_assert(check::deq_pair<T, U>::value, PYASC_CAST_DEQ_TYPES);
}
template <typename T, typename U, bool isSetMask = true, bool isVecDeq = true, bool halfBlock = true>
__aicore__ inline void CastDeq(const LocalTensor<T>& dst, const LocalTensor<U>& src, const int32_t mask,
                               uint8_t repeatTime, const UnaryRepeatParams& repeatParams) {
    static_assert(check::deq_pair<T, U>::value, PYASC_CAST_DEQ_TYPES);
}
template <typename T, typename U, bool isSetMask = true, bool isVecDeq = true, bool halfBlock = true>
__aicore__ inline void CastDeq(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint64_t mask[],
                               uint8_t repeatTime, const UnaryRepeatParams& repeatParams) {
    static_assert(check::deq_pair<T, U>::value, PYASC_CAST_DEQ_TYPES);
}

#undef PYASC_CAST_DEQ_TYPES

struct VdeqInfo {
    __aicore__ VdeqInfo() {}
    __aicore__ VdeqInfo(const float vdeqScaleIn[16], const int16_t vdeqOffsetIn[16], const bool vdeqSignModeIn[16]);
    float vdeqScale[16] = {0};
    int16_t vdeqOffset[16] = {0};
    bool vdeqSignMode[16] = {false};
};
// The quantization scale of CastDeq: a half scale, or float scale with offset and sign mode, or a per-lane table.
__aicore__ void SetDeqScale(half scale);
__aicore__ void SetDeqScale(float scale, int16_t offset, bool signMode);
template <typename T>
__aicore__ inline void SetDeqScale(const LocalTensor<T>& vdeq, const VdeqInfo& vdeqInfo) {
    static_assert(check::is_same<T, uint64_t>::value, "SetDeqScale: the vdeq table must be a uint64_t tensor");
}

template <typename T>
__aicore__ inline void Gatherb(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                               const LocalTensor<uint32_t>& offset, const uint8_t repeatTime,
                               const GatherRepeatParams& repeatParams) {
    static_assert(check::gatherb_type<T>::value,
                  "Gatherb: element type must be half, float, int16_t, uint16_t, int32_t or uint32_t");
}

// ---- proposals and sorting (half and float proposals; indices are uint32_t) --------------------------------
template <typename T>
struct MrgSortSrcList {
    __aicore__ MrgSortSrcList() {}
    __aicore__ MrgSortSrcList(const LocalTensor<T>& src1In, const LocalTensor<T>& src2In, const LocalTensor<T>& src3In,
                              const LocalTensor<T>& src4In)
        : src1(src1In), src2(src2In), src3(src3In), src4(src4In) {}
    LocalTensor<T> src1;
    LocalTensor<T> src2;
    LocalTensor<T> src3;
    LocalTensor<T> src4;
};
struct MrgSort4Info {
    __aicore__ MrgSort4Info() {}
    __aicore__ MrgSort4Info(const uint16_t elementLengthsIn[4], const bool ifExhaustedSuspensionIn,
                            const uint16_t validBitIn, const uint16_t repeatTimesIn);
    uint16_t elementLengths[4] = {0};
    bool ifExhaustedSuspension = false;
    uint16_t validBit = 0;
    uint8_t repeatTimes = 1;
};

#define PYASC_FP_ONLY(NAME) static_assert(check::fp<T>::value, #NAME ": element type must be half or float")
template <typename T>
__aicore__ inline void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& sortList,
                               const MrgSort4Info& params) {
    PYASC_FP_ONLY(MrgSort);
}
template <typename T>
__aicore__ inline void MrgSort4(const LocalTensor<T>& dst, const MrgSortSrcList<T>& src, const MrgSort4Info& params) {
    PYASC_FP_ONLY(MrgSort4);
}
template <typename T>
__aicore__ inline void RpSort16(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime) {
    PYASC_FP_ONLY(RpSort16);
}
template <typename T>
__aicore__ inline void Sort32(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<uint32_t>& src1,
                              const int32_t repeatTime) {
    PYASC_FP_ONLY(Sort32);
}
template <typename T>
__aicore__ inline void ProposalConcat(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                                      const int32_t modeNumber) {
    PYASC_FP_ONLY(ProposalConcat);
}
template <typename T>
__aicore__ inline void ProposalExtract(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                                       const int32_t modeNumber) {
    PYASC_FP_ONLY(ProposalExtract);
}
template <typename T>
__aicore__ inline void Concat(LocalTensor<T>& concat, const LocalTensor<T>& src, const LocalTensor<T>& tmp,
                              const int32_t repeatTime) {
    PYASC_FP_ONLY(Concat);
}
template <typename T>
__aicore__ inline void Extract(const LocalTensor<T>& dstValue, const LocalTensor<uint32_t>& dstIndex,
                               const LocalTensor<T>& sorted, const int32_t repeatTime) {
    PYASC_FP_ONLY(Extract);
}
// Sort of region proposals: the full-sort flag is a template argument; the index tensor holds uint32_t.
template <typename T, bool isFullSort>
__aicore__ inline void Sort(const LocalTensor<T>& dst, const LocalTensor<T>& concat, const LocalTensor<uint32_t>& index,
                            LocalTensor<T>& tmp, const int32_t repeatTime) {
    PYASC_FP_ONLY(Sort);
}
#undef PYASC_FP_ONLY

// ---- transpose with parameters -------------------------------------------------------------------------------
struct TransposeParamsExt {
    __aicore__ TransposeParamsExt() {}
    __aicore__ TransposeParamsExt(const uint16_t nSizeIn, const uint16_t cSizeIn, const uint16_t hSizeIn,
                                  const uint16_t wSizeIn, const TransposeType transposeTypeIn)
        : nSize(nSizeIn), cSize(cSizeIn), hSize(hSizeIn), wSize(wSizeIn), transposeType(transposeTypeIn) {}
    uint16_t nSize = 0;
    uint16_t cSize = 0;
    uint16_t hSize = 0;
    uint16_t wSize = 0;
    TransposeType transposeType = TransposeType::TRANSPOSE_ND2ND_B16;
};
template <typename T>
__aicore__ inline void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                 const LocalTensor<uint8_t>& sharedTmpBuffer, const TransposeParamsExt& params) {}

// ---- system control, caches, scalar helpers ------------------------------------------------------------------
struct CheckLocalMemoryIAParam {
    __aicore__ CheckLocalMemoryIAParam() {}
    __aicore__ CheckLocalMemoryIAParam(const uint8_t enableBitIn, const uint32_t startAddrIn, const uint32_t endAddrIn,
                                       const bool isScalarReadIn, const bool isScalarWriteIn,
                                       const bool isVectorReadIn, const bool isVectorWriteIn, const bool isMteReadIn,
                                       const bool isMteWriteIn, const bool isEnableIn)
        : enableBit(enableBitIn), startAddr(startAddrIn), endAddr(endAddrIn), isScalarRead(isScalarReadIn),
          isScalarWrite(isScalarWriteIn), isVectorRead(isVectorReadIn), isVectorWrite(isVectorWriteIn),
          isMteRead(isMteReadIn), isMteWrite(isMteWriteIn), isEnable(isEnableIn) {}
    uint8_t enableBit = 0;
    uint32_t startAddr = 0;
    uint32_t endAddr = 0;
    bool isScalarRead = false;
    bool isScalarWrite = false;
    bool isVectorRead = false;
    bool isVectorWrite = false;
    bool isMteRead = false;
    bool isMteWrite = false;
    bool isEnable = false;
};
__aicore__ void CheckLocalMemoryIA(const CheckLocalMemoryIAParam& checkParams);
__aicore__ void InitSocState();
template <AtomicDtype type, AtomicOp op>
__aicore__ void SetStoreAtomicConfig();
// The store atomic configuration, written into its two out-parameters.
__aicore__ inline void GetStoreAtomicConfig(uint16_t& atomicType, uint16_t& atomicOp);
template <uint32_t index>
__aicore__ __gm__ uint8_t* GetHcclContext();
template <uint32_t index>
__aicore__ void SetHcclContext(__gm__ uint8_t* context);
__aicore__ void SetSysWorkspace(GM_ADDR workspace);

template <typename T>
__aicore__ void DataCachePreload(const GlobalTensor<uint64_t>& src, const T cacheOffset);
template <typename T, CacheLine entireType, DcciDst dcciDst>
__aicore__ void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst);
template <typename T, CacheLine entireType, DcciDst dcciDst>
__aicore__ void DataCacheCleanAndInvalid(const LocalTensor<T>& dst);
template <typename T, CacheLine entireType>
__aicore__ void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst);
__aicore__ void ICachePreLoad(const int64_t preFetchLen);
__aicore__ int64_t GetICachePreloadStatus();

template <typename T, typename U, RoundMode roundMode>
__aicore__ U ScalarCast(T valueIn);
template <int countValue>
__aicore__ inline int64_t ScalarGetSFFValue(uint64_t valueIn) {
    static_assert(countValue == 0 || countValue == 1, "ScalarGetSFFValue: countValue must be 0 or 1");
    return 0;
}
template <int countValue>
__aicore__ inline int64_t ScalarGetCountOfValue(uint64_t valueIn) {
    static_assert(countValue == 0 || countValue == 1, "ScalarGetCountOfValue: countValue must be 0 or 1");
    return 0;
}
__aicore__ int64_t ScalarCountLeadingZero(uint64_t valueIn);
__aicore__ int64_t CountBitsCntSameAsSignBit(int64_t valueIn);
__aicore__ int64_t GetGatherMaskRemainCount();
__aicore__ uint64_t GetShapeSize(const ShapeInfo& shapeInfo);

// Inter-block synchronisation through an int32_t workspace in GM and one in UB.
template <bool isAIVOnly = true>
__aicore__ void IBSet(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace,
                      int32_t blockIdx, int32_t eventID);
template <bool isAIVOnly = true>
__aicore__ void IBWait(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace,
                       int32_t blockIdx, int32_t eventID);
__aicore__ void NotifyNextBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace);
__aicore__ void WaitPreBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace);

// ---- debugging and profiling ---------------------------------------------------------------------------------
template <typename T>
__aicore__ void DumpAccChkPoint(const LocalTensor<T>& tensor, uint32_t index, uint32_t countOff, uint32_t dumpSize);
template <typename T>
__aicore__ void DumpAccChkPoint(const GlobalTensor<T>& tensor, uint32_t index, uint32_t countOff, uint32_t dumpSize);
__aicore__ void MetricsProfStart();
__aicore__ void MetricsProfStop();

// ---- cube-unit mode switches and image loads ----------------------------------------------------------------
__aicore__ void SetHF32Mode(bool hf32Mode);
__aicore__ void SetHF32TransMode(bool hf32TransMode);
__aicore__ void SetMMLayoutTransform(bool mmLayoutMode);

struct LoadImageToLocalParams {
    __aicore__ LoadImageToLocalParams() {}
    __aicore__ LoadImageToLocalParams(const uint16_t horizSizeIn, const uint16_t vertSizeIn,
                                      const uint16_t horizStartPosIn, const uint16_t vertStartPosIn,
                                      const uint16_t srcHorizSizeIn, const uint8_t topPadSizeIn,
                                      const uint8_t botPadSizeIn, const uint16_t leftPadSizeIn,
                                      const uint16_t rightPadSizeIn)
        : horizSize(horizSizeIn), vertSize(vertSizeIn), horizStartPos(horizStartPosIn), vertStartPos(vertStartPosIn),
          srcHorizSize(srcHorizSizeIn), topPadSize(topPadSizeIn), botPadSize(botPadSizeIn),
          leftPadSize(leftPadSizeIn), rightPadSize(rightPadSizeIn) {}
    uint16_t horizSize = 0;
    uint16_t vertSize = 0;
    uint16_t horizStartPos = 0;
    uint16_t vertStartPos = 0;
    uint16_t srcHorizSize = 0;
    uint8_t topPadSize = 0;
    uint8_t botPadSize = 0;
    uint16_t leftPadSize = 0;
    uint16_t rightPadSize = 0;
};
template <typename T>
__aicore__ void LoadImageToLocal(const LocalTensor<T>& dst, const LoadImageToLocalParams& loadDataParams);

// ---- cube unit: loads into L0A/L0B, matrix multiply, fixpipe (positions are not types: not checked here) -----
struct LoadData2DParams {
    __aicore__ LoadData2DParams() {}
    __aicore__ LoadData2DParams(const uint16_t startIndexIn, const uint8_t repeatTimesIn, const uint16_t srcStrideIn,
                                const uint8_t sidIn, const uint16_t dstGapIn, const bool ifTransposeIn,
                                const uint8_t addrModeIn)
        : startIndex(startIndexIn), dstGap(dstGapIn), srcStride(srcStrideIn), ifTranspose(ifTransposeIn),
          repeatTimes(repeatTimesIn), sid(sidIn), addrMode(addrModeIn) {}
    uint16_t startIndex = 0;
    uint16_t dstGap = 0;
    uint16_t srcStride = 0;
    bool ifTranspose = false;
    uint8_t repeatTimes = 0;
    uint8_t sid = 0;
    uint8_t addrMode = 0;
};
struct LoadData2DParamsV2 {
    __aicore__ LoadData2DParamsV2() {}
    __aicore__ LoadData2DParamsV2(const uint32_t mStartPositionIn, const uint32_t kStartPositionIn,
                                  const uint16_t mStepIn, const uint16_t kStepIn, const int32_t srcStrideIn,
                                  const uint16_t dstStrideIn, const bool ifTransposeIn, const uint8_t sidIn)
        : mStartPosition(mStartPositionIn), kStartPosition(kStartPositionIn), mStep(mStepIn), kStep(kStepIn),
          srcStride(srcStrideIn), dstStride(dstStrideIn), ifTranspose(ifTransposeIn), sid(sidIn) {}
    uint32_t mStartPosition = 0;
    uint32_t kStartPosition = 0;
    uint16_t mStep = 0;
    uint16_t kStep = 0;
    int32_t srcStride = 0;
    uint16_t dstStride = 0;
    bool ifTranspose = false;
    uint8_t sid = 0;
};
constexpr int32_t PAD_SIZE = 4;
// The 3D load parameters carry the padding value in the element type: a template, deduced from the constructor.
template <typename T>
struct LoadData3DParamsV1 {
    __aicore__ LoadData3DParamsV1() {}
    __aicore__ LoadData3DParamsV1(const uint8_t padListIn[PAD_SIZE], const uint16_t l1HIn, const uint16_t l1WIn,
                                  const uint16_t c1IndexIn, const uint8_t fetchFilterWIn, const uint8_t fetchFilterHIn,
                                  const int16_t leftTopWIn, const int16_t leftTopHIn, const uint8_t strideWIn,
                                  const uint8_t strideHIn, const uint8_t filterWIn, const uint8_t filterHIn,
                                  const uint8_t dilationFilterWIn, const uint8_t dilationFilterHIn,
                                  const uint8_t jumpStrideIn, const uint8_t repeatModeIn, const uint8_t repeatTimeIn,
                                  const uint8_t cSizeIn, const T padValueIn);
    uint8_t padList[PAD_SIZE] = {};
    uint16_t l1H = 0;
    uint16_t l1W = 0;
    uint16_t c1Index = 0;
    uint8_t fetchFilterW = 0;
    uint8_t fetchFilterH = 0;
    int16_t leftTopW = 0;
    int16_t leftTopH = 0;
    uint8_t strideW = 0;
    uint8_t strideH = 0;
    uint8_t filterW = 0;
    uint8_t filterH = 0;
    uint8_t dilationFilterW = 0;
    uint8_t dilationFilterH = 0;
    uint8_t jumpStride = 0;
    uint8_t repeatMode = 0;
    uint8_t repeatTime = 0;
    uint8_t cSize = 0;
    T padValue = 0;
};
template <typename T>
struct LoadData3DParamsV2 {
    __aicore__ LoadData3DParamsV2() {}
    __aicore__ LoadData3DParamsV2(const uint8_t padListIn[PAD_SIZE], const uint16_t l1HIn, const uint16_t l1WIn,
                                  const uint16_t channelSizeIn, const uint16_t kExtensionIn,
                                  const uint16_t mExtensionIn, const uint16_t kStartPtIn, const uint16_t mStartPtIn,
                                  const uint8_t strideWIn, const uint8_t strideHIn, const uint8_t filterWIn,
                                  const uint8_t filterHIn, const uint8_t dilationFilterWIn,
                                  const uint8_t dilationFilterHIn, const bool enTransposeIn, const bool enSmallKIn,
                                  const T padValueIn);
    // the same, followed by the filter-size and F-matrix control flags
    __aicore__ LoadData3DParamsV2(const uint8_t padListIn[PAD_SIZE], const uint16_t l1HIn, const uint16_t l1WIn,
                                  const uint16_t channelSizeIn, const uint16_t kExtensionIn,
                                  const uint16_t mExtensionIn, const uint16_t kStartPtIn, const uint16_t mStartPtIn,
                                  const uint8_t strideWIn, const uint8_t strideHIn, const uint8_t filterWIn,
                                  const uint8_t filterHIn, const uint8_t dilationFilterWIn,
                                  const uint8_t dilationFilterHIn, const bool enTransposeIn, const bool enSmallKIn,
                                  const T padValueIn, const bool filterSizeWIn, const bool filterSizeHIn,
                                  const bool fMatrixCtrlIn);
    uint8_t padList[PAD_SIZE] = {};
    uint16_t l1H = 0;
    uint16_t l1W = 0;
    uint16_t channelSize = 0;
    uint16_t kExtension = 0;
    uint16_t mExtension = 0;
    uint16_t kStartPt = 0;
    uint16_t mStartPt = 0;
    uint8_t strideW = 1;
    uint8_t strideH = 1;
    uint8_t filterW = 1;
    uint8_t filterH = 1;
    uint8_t dilationFilterW = 1;
    uint8_t dilationFilterH = 1;
    bool enTranspose = false;
    bool enSmallK = false;
    T padValue = 0;
    bool filterSizeW = false;
    bool filterSizeH = false;
    bool fMatrixCtrl = false;
};
struct LoadData3DParamsV2Pro {
    __aicore__ LoadData3DParamsV2Pro() {}
    __aicore__ LoadData3DParamsV2Pro(const uint16_t channelSizeIn, const bool enTransposeIn, const bool enSmallKIn,
                                     const bool filterSizeWIn, const bool filterSizeHIn, const bool fMatrixCtrlIn,
                                     const uint64_t extConfigIn, const uint64_t filterConfigIn)
        : channelSize(channelSizeIn), enTranspose(enTransposeIn), enSmallK(enSmallKIn), filterSizeW(filterSizeWIn),
          filterSizeH(filterSizeHIn), fMatrixCtrl(fMatrixCtrlIn), extConfig(extConfigIn),
          filterConfig(filterConfigIn) {}
    uint16_t channelSize = 0;
    bool enTranspose = false;
    bool enSmallK = false;
    bool filterSizeW = false;
    bool filterSizeH = false;
    bool fMatrixCtrl = false;
    uint64_t extConfig = 0;
    uint64_t filterConfig = 0x10101010101ULL;
};
struct LoadData2dTransposeParams {
    __aicore__ LoadData2dTransposeParams() {}
    __aicore__ LoadData2dTransposeParams(const uint16_t startIndexIn, const uint8_t repeatTimesIn,
                                         const uint16_t srcStrideIn, const uint16_t dstGapIn,
                                         const uint16_t dstFracGapIn, const uint8_t addrModeIn = 0)
        : startIndex(startIndexIn), repeatTimes(repeatTimesIn), srcStride(srcStrideIn), dstGap(dstGapIn),
          dstFracGap(dstFracGapIn), addrMode(addrModeIn) {}
    uint16_t startIndex = 0;
    uint8_t repeatTimes = 0;
    uint16_t srcStride = 0;
    uint16_t dstGap = 0;
    uint16_t dstFracGap = 0;
    uint8_t addrMode = 0;
};
struct LoadData2dTransposeParamsV2 {
    __aicore__ LoadData2dTransposeParamsV2() {}
    __aicore__ LoadData2dTransposeParamsV2(const uint16_t startIndexIn, const uint8_t repeatTimesIn,
                                           const uint16_t srcStrideIn, const uint16_t dstGapIn,
                                           const uint16_t dstFracGapIn, const uint16_t srcFracGapIn,
                                           const uint8_t addrModeIn = 0)
        : startIndex(startIndexIn), repeatTimes(repeatTimesIn), srcStride(srcStrideIn), dstGap(dstGapIn),
          dstFracGap(dstFracGapIn), srcFracGap(srcFracGapIn), addrMode(addrModeIn) {}
    uint16_t startIndex = 0;
    uint8_t repeatTimes = 0;
    uint16_t srcStride = 0;
    uint16_t dstGap = 0;
    uint16_t dstFracGap = 0;
    uint16_t srcFracGap = 0;
    uint8_t addrMode = 0;
};
// Repeat of the 3D load: (repeatStride, repeatTime, repeatMode, dstStride), in this order.
struct LoadDataRepeatParam {
    __aicore__ LoadDataRepeatParam() {}
    __aicore__ LoadDataRepeatParam(const uint16_t repeatStrideIn, const uint8_t repeatTimeIn,
                                   const uint8_t repeatModeIn, const uint16_t dstStrideIn = 0)
        : repeatStride(repeatStrideIn), repeatTime(repeatTimeIn), repeatMode(repeatModeIn), dstStride(dstStrideIn) {}
    uint16_t repeatStride = 0;
    uint8_t repeatTime = 1;
    uint8_t repeatMode = 0;
    uint16_t dstStride = 0;
};
template <typename T>
struct InitConstValueParams {
    __aicore__ InitConstValueParams() {}
    __aicore__ InitConstValueParams(const uint16_t repeatTimesIn, const uint16_t blockNumIn, const uint16_t dstGapIn,
                                    const T initValueIn)
        : repeatTimes(repeatTimesIn), blockNum(blockNumIn), dstGap(dstGapIn), initValue(initValueIn) {}
    __aicore__ InitConstValueParams(const uint16_t repeatTimesIn, const T initValueIn)
        : repeatTimes(repeatTimesIn), initValue(initValueIn) {}
    uint16_t repeatTimes = 0;
    uint16_t blockNum = 0;
    uint16_t dstGap = 0;
    T initValue = 0;
};
struct MmadParams {
    __aicore__ MmadParams() {}
    __aicore__ MmadParams(const uint16_t mIn, const uint16_t nIn, const uint16_t kIn, const bool isBiasIn,
                          const int32_t fmOffsetIn, const bool enSsparseIn, const bool enWinogradAIn,
                          const bool enWinogradBIn)
        : m(mIn), n(nIn), k(kIn), isBias(isBiasIn), fmOffset(fmOffsetIn), enSsparse(enSsparseIn),
          enWinogradA(enWinogradAIn), enWinogradB(enWinogradBIn) {}
    uint16_t m = 0;
    uint16_t n = 0;
    uint16_t k = 0;
    bool cmatrixInitVal = true;
    bool cmatrixSource = false;
    bool isBias = false;
    uint8_t unitFlag = 0;
    int32_t fmOffset = 0;
    bool enSsparse = false;
    bool enWinogradA = false;
    bool enWinogradB = false;
    bool kDirectionAlign = false;
};

template <typename T>
__aicore__ void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData2DParams& params);
template <typename T>
__aicore__ void LoadData(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const LoadData2DParams& params);
template <typename T>
__aicore__ void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData2DParamsV2& params);
template <typename T>
__aicore__ void LoadData(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const LoadData2DParamsV2& params);
template <typename T, typename U = T>
__aicore__ void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData3DParamsV1<U>& params);
template <typename T, typename U = T>
__aicore__ void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData3DParamsV2<U>& params);
template <typename T>
__aicore__ void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData3DParamsV2Pro& params);
template <typename T>
__aicore__ void LoadDataWithTranspose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                      const LoadData2dTransposeParams& params);
template <typename T>
__aicore__ void LoadDataWithTranspose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                      const LoadData2dTransposeParamsV2& params);
template <typename T, typename U>
__aicore__ inline void LoadDataWithSparse(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                          const LocalTensor<U>& idx, const LoadData2DParams& params) {
    static_assert(check::is_same<T, int8_t>::value && check::is_same<U, uint8_t>::value,
                  "LoadDataWithSparse: the weights are int8_t and the index tensor uint8_t");
}
template <typename T, typename U>
__aicore__ inline void InitConstValue(const LocalTensor<T>& dst, const InitConstValueParams<U>& params) {
    static_assert(check::is_same<T, U>::value, "InitConstValue: the value type must be the tensor's element type");
}
template <typename T>
__aicore__ void SetLoadDataPaddingValue(const T padValue);
__aicore__ void SetLoadDataBoundary(uint32_t boundaryValue);
__aicore__ void SetLoadDataRepeat(const LoadDataRepeatParam& repeatParams);
__aicore__ void SetFixpipePreQuantFlag(uint64_t config);
// Mmad: dst in L0C, fm in L0A, filter in L0B; the three element types follow the documented cube tables, which
// depend on the SoC (not modelled here).
template <typename T, typename U, typename S>
__aicore__ PYASC_PARTIAL("the (dst, fm, filter) element type table of the SoC is not checked")
void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter,
          const MmadParams& mmadParams);
template <typename T, typename U, typename S, typename V>
__aicore__ PYASC_PARTIAL("the (dst, fm, filter, bias) element type table of the SoC is not checked")
void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter,
          const LocalTensor<V>& bias, const MmadParams& mmadParams);
template <typename T, typename U>
__aicore__ inline void MmadWithSparse(const LocalTensor<T>& dst, const LocalTensor<U>& fm,
                                      const LocalTensor<U>& filter, const MmadParams& mmadParams) {
    static_assert(check::is_same<T, int32_t>::value && check::is_same<U, int8_t>::value,
                  "MmadWithSparse: dst is int32_t, fm and filter int8_t");
}


// ---- more copy parameter structs -----------------------------------------------------------------------------
struct Nz2NdParamsFull {
    __aicore__ Nz2NdParamsFull() {}
    __aicore__ Nz2NdParamsFull(const uint16_t ndNumIn, const uint16_t nValueIn, const uint16_t dValueIn,
                               const uint16_t srcNdMatrixStrideIn, const uint16_t srcNStrideIn,
                               const uint16_t dstDStrideIn, const uint16_t dstNdMatrixStrideIn)
        : ndNum(ndNumIn), nValue(nValueIn), dValue(dValueIn), srcNdMatrixStride(srcNdMatrixStrideIn),
          srcNStride(srcNStrideIn), dstDStride(dstDStrideIn), dstNdMatrixStride(dstNdMatrixStrideIn) {}
    uint16_t ndNum = 1;
    uint16_t nValue = 0;
    uint16_t dValue = 0;
    uint16_t srcNdMatrixStride = 1;
    uint16_t srcNStride = 0;
    uint16_t dstDStride = 0;
    uint16_t dstNdMatrixStride = 1;
};
struct DataCopyCO12DstParams {
    __aicore__ DataCopyCO12DstParams() {}
    __aicore__ DataCopyCO12DstParams(const uint16_t nSizeIn, const uint16_t mSizeIn, const uint32_t dstStrideIn,
                                     const uint16_t srcStrideIn, const QuantMode_t quantPreIn, const uint8_t reluPreIn,
                                     const bool channelSplitIn, const bool nz2ndEnIn)
        : nSize(nSizeIn), mSize(mSizeIn), dstStride(dstStrideIn), srcStride(srcStrideIn), quantPre(quantPreIn),
          reluPre(reluPreIn), channelSplit(channelSplitIn), nz2ndEn(nz2ndEnIn) {}
    uint8_t sid = 0;
    uint16_t nSize = 0;
    uint16_t mSize = 0;
    uint32_t dstStride = 0;
    uint16_t srcStride = 0;
    uint8_t unitFlag = 0;
    QuantMode_t quantPre = QuantMode_t::NoQuant;
    uint8_t reluPre = 0;
    bool channelSplit = false;
    bool nz2ndEn = false;
};
struct SliceInfo {
    __aicore__ SliceInfo() {}
    __aicore__ SliceInfo(const uint32_t startIndexIn, const uint32_t endIndexIn, const uint32_t strideIn,
                         const uint32_t burstLenIn, const uint32_t shapeValueIn = 0)
        : startIndex(startIndexIn), endIndex(endIndexIn), stride(strideIn), burstLen(burstLenIn),
          shapeValue(shapeValueIn) {}
    uint32_t startIndex = 0;
    uint32_t endIndex = ONE_BLK_SIZE - 1;
    uint32_t stride = 0;
    uint32_t burstLen = ONE_BLK_SIZE;
    uint32_t shapeValue = 0;
};
// DataCopy of a multi-dimensional slice: one SliceInfo per dimension on each side.
template <typename T>
__aicore__ void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const SliceInfo dstSliceInfo[],
                         const SliceInfo srcSliceInfo[], const uint32_t dimValue = 1);
template <typename T>
__aicore__ void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const SliceInfo dstSliceInfo[],
                         const SliceInfo srcSliceInfo[], const uint32_t dimValue = 1);
struct GatherMaskParams {
    __aicore__ GatherMaskParams() {}
    __aicore__ GatherMaskParams(const uint8_t src0BlockStrideIn, const uint16_t repeatTimesIn,
                                const uint16_t src0RepeatStrideIn, const uint8_t src1RepeatStrideIn)
        : src0BlockStride(src0BlockStrideIn), repeatTimes(repeatTimesIn), src0RepeatStride(src0RepeatStrideIn),
          src1RepeatStride(src1RepeatStrideIn) {}
    uint8_t src0BlockStride = 1;
    uint16_t repeatTimes = 0;
    uint16_t src0RepeatStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src1RepeatStride = DEFAULT_REPEAT_STRIDE;
};
// DataCopy forms of the cube data path: ND->NZ into L1 from UB, NZ->ND out to GM, and CO1 out with quantization.
template <typename T>
__aicore__ void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const Nd2NzParams& intriParams);
template <typename T>
__aicore__ void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const Nz2NdParamsFull& intriParams);
template <typename T, typename U>
__aicore__ void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<U>& src,
                         const DataCopyCO12DstParams& intriParams);
template <typename T, typename U>
__aicore__ void DataCopy(const LocalTensor<T>& dst, const LocalTensor<U>& src,
                         const DataCopyCO12DstParams& intriParams);

// ---- memory allocation and tensor lists ----------------------------------------------------------------------
template <Hardware hard = Hardware::UB>
class LocalMemAllocator {
public:
    __aicore__ LocalMemAllocator() {}
    __aicore__ uint32_t GetCurAddr() const;
    // The logical position must live in the allocator's memory (UB: VECIN/VECOUT/VECCALC, L1: A1/B1/C1, ...).
    template <TPosition pos, class DataType, uint32_t tileSize>
    __aicore__ inline LocalTensor<DataType> Alloc() {
        static_assert(hard != Hardware::UB || pos == TPosition::VECIN || pos == TPosition::VECOUT ||
                          pos == TPosition::VECCALC,
                      "LocalMemAllocator::Alloc: a UB allocator takes VECIN, VECOUT or VECCALC");
        static_assert(hard != Hardware::L1 || pos == TPosition::A1 || pos == TPosition::B1 || pos == TPosition::C1,
                      "LocalMemAllocator::Alloc: an L1 allocator takes A1, B1 or C1");
        return LocalTensor<DataType>();
    }
    // the size known at run time (what CANN's pyasc writes for every alloc): the position is checked the same way
    template <TPosition pos, class DataType>
    __aicore__ inline LocalTensor<DataType> Alloc(uint32_t tileSize) {
        return Alloc<pos, DataType, 0>();
    }
};
template <typename T>
class TensorDesc {
public:
    __aicore__ TensorDesc() {}
    __aicore__ void SetShapeAddr(uint64_t* shapePtr);
    __aicore__ uint64_t GetDim();
    __aicore__ uint64_t GetIndex();
    __aicore__ uint64_t GetShape(uint32_t offset);
    __aicore__ T* GetDataPtr();
    __aicore__ GlobalTensor<T> GetDataObj();
};
class ListTensorDesc {
public:
    __aicore__ ListTensorDesc() {}
    __aicore__ ListTensorDesc(__gm__ void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff);
    __aicore__ void Init(__gm__ void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff);
    template <class T>
    __aicore__ void GetDesc(TensorDesc<T>& desc, uint32_t index);
    template <class T>
    __aicore__ __gm__ T* GetDataPtr(uint32_t index);
    __aicore__ uint32_t GetSize();
};

// ---- AIPP (image pre-processing) parameters ------------------------------------------------------------------
template <typename T>
struct AippPaddingParams {
    uint32_t paddingMode{};
    T paddingValueCh0{};
    T paddingValueCh1{};
    T paddingValueCh2{};
    T paddingValueCh3{};
};
struct AippSwapParams {
    bool isSwapRB{};
    bool isSwapUV{};
    bool isSwapAX{};
};
struct AippSingleLineParams {
    bool isSingleLineCopy{};
};
struct AippDataTypeConvParams {
    uint8_t dtcMeanCh0{};
    uint8_t dtcMeanCh1{};
    uint8_t dtcMeanCh2{};
    half dtcMinCh0{};
    half dtcMinCh1{};
    half dtcMinCh2{};
    half dtcVarCh0{};
    half dtcVarCh1{};
    half dtcVarCh2{};
    uint32_t dtcRoundMode{};
};
template <typename T>
struct AippChannelPaddingParams {
    uint32_t cPaddingMode;
    T cPaddingValue;
};
struct AippColorSpaceConvParams {
    bool isEnableCsc{};
    int16_t cscMatrixR0C0{};
    int16_t cscMatrixR0C1{};
    int16_t cscMatrixR0C2{};
    int16_t cscMatrixR1C0{};
    int16_t cscMatrixR1C1{};
    int16_t cscMatrixR1C2{};
    int16_t cscMatrixR2C0{};
    int16_t cscMatrixR2C1{};
    int16_t cscMatrixR2C2{};
    uint8_t cscBiasIn0{};
    uint8_t cscBiasIn1{};
    uint8_t cscBiasIn2{};
    uint8_t cscBiasOut0{};
    uint8_t cscBiasOut1{};
    uint8_t cscBiasOut2{};
};

// ---- Matmul (the high-level cube API) ------------------------------------------------------------------------
template <TPosition POSITION, CubeFormat FORMAT, typename TYPE, bool ISTRANS = false,
          LayoutMode LAYOUT = LayoutMode::NONE, bool IBSHARE = false, TPosition SRCPOS = TPosition::GM>
struct MatmulType {
    constexpr static TPosition pos = POSITION;
    constexpr static CubeFormat format = FORMAT;
    using T = TYPE;
    constexpr static bool isTrans = ISTRANS;
    constexpr static LayoutMode layout = LAYOUT;
};
// One Matmul object per (A, B, C[, bias]) type set. The configuration (MM_CFG) decides which of the methods a
// kernel may call and how the tiling is read: this header does not model that, so every use is marked partial.
// User callbacks of a Matmul (copy-out of C, copy-in of A and B); none by default.
template <auto COPY_OUT = nullptr, auto COPY_IN_A = nullptr, auto COPY_IN_B = nullptr>
struct MatmulCallBackFunc {};
namespace Impl {
namespace Detail {
// The scheduling policies a Matmul is instantiated with (its last template argument, a class template).
template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE, typename BIAS_TYPE>
struct MatmulPolicy {};
template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE, typename BIAS_TYPE>
struct TrianUpperMatmulPolicy : MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {};
template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE, typename BIAS_TYPE>
struct TrianLowerMatmulPolicy : MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {};
template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE, typename BIAS_TYPE>
struct NBuffer33MatmulPolicy : MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {};
}  // namespace Detail
}  // namespace Impl
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE, const auto& MM_CFG = CFG_NORM,
          class MM_CB = MatmulCallBackFunc<nullptr, nullptr, nullptr>,
          template <const auto&, typename, typename, typename, typename, typename> class MATMUL_POLICY =
              Impl::Detail::MatmulPolicy>
class PYASC_PARTIAL("its MatmulConfig, the tiling and the operand element types are not checked") Matmul {
public:
    using SrcAT = typename A_TYPE::T;
    using SrcBT = typename B_TYPE::T;
    using DstT = typename C_TYPE::T;
    using BiasT = typename BIAS_TYPE::T;
    __aicore__ Matmul() {}
    __aicore__ void Init(const TCubeTiling* cubeTiling, TPipe* tpipe = nullptr);
    __aicore__ void End();
    __aicore__ void SetTensorA(const GlobalTensor<SrcAT>& a, bool isTransposeA = false);
    __aicore__ void SetTensorA(const LocalTensor<SrcAT>& a, bool isTransposeA = false);
    __aicore__ void SetTensorA(SrcAT aScalar);
    __aicore__ void SetTensorB(const GlobalTensor<SrcBT>& b, bool isTransposeB = false);
    __aicore__ void SetTensorB(const LocalTensor<SrcBT>& b, bool isTransposeB = false);
    __aicore__ void SetTensorB(SrcBT bScalar);
    template <class Tensor>
    __aicore__ void SetBias(const Tensor& bias);
    __aicore__ void DisableBias();
    template <bool sync = true>
    __aicore__ bool Iterate(bool enPartialSum = false);
    template <bool sync = true, typename T>
    __aicore__ bool Iterate(bool enPartialSum, const LocalTensor<T>& localCmatrix);
    template <bool sync = true, class Tensor = GlobalTensor<DstT>>
    __aicore__ void IterateAll(const Tensor& c, uint8_t enAtomic = 0, bool enSequentialWrite = false,
                               bool waitIterateAll = false, bool fakeMsg = false);
    __aicore__ void WaitIterateAll();
    __aicore__ void WaitIterateBatch();
    template <bool sync = true, class Tensor = GlobalTensor<DstT>>
    __aicore__ void GetTensorC(const Tensor& c, uint8_t enAtomic = 0, bool enSequentialWrite = false);
    template <bool sync = true>
    __aicore__ void GetTensorC(const GlobalTensor<DstT>& gm, const LocalTensor<DstT>& co2Local, uint8_t enAtomic = 0,
                               bool enSequentialWrite = false);
    template <bool sync = true>
    __aicore__ GlobalTensor<DstT> GetTensorC(uint8_t enAtomic = 0, bool enSequentialWrite = false);
    // batched forms (a BSNGD/SBNGD/BNGS1S2 layout): batchA x batchB matrices per call, batchLoop calls for NBatch
    template <bool sync = true, bool waitIterateBatch = false>
    __aicore__ void IterateBatch(const GlobalTensor<DstT>& gm, uint32_t batchA, uint32_t batchB, bool enSequentialWrite,
                                 uint32_t matrixStrideA = 0, uint32_t matrixStrideB = 0, uint32_t matrixStrideC = 0,
                                 bool enPartialSum = false, uint8_t enAtomic = 0);
    template <bool sync = true>
    __aicore__ void IterateBatch(const LocalTensor<DstT>& ubCmatrix, uint32_t batchA, uint32_t batchB,
                                 bool enSequentialWrite, uint32_t matrixStrideA = 0, uint32_t matrixStrideB = 0,
                                 uint32_t matrixStrideC = 0, bool enPartialSum = false, uint8_t enAtomic = 0);
    // the cube-only form
    __aicore__ void IterateBatch(const GlobalTensor<DstT>& gm, bool enPartialSum, uint8_t enAtomic,
                                 bool enSequentialWrite, uint32_t matrixStrideA = 0, uint32_t matrixStrideB = 0,
                                 uint32_t matrixStrideC = 0);
    template <bool sync = true, bool waitIterateBatch = false>
    __aicore__ void IterateNBatch(uint32_t batchLoop, uint32_t batchA, uint32_t batchB, bool enSequentialWrite,
                                  uint32_t matrixStrideA = 0, uint32_t matrixStrideB = 0, uint32_t matrixStrideC = 0,
                                  bool enPartialSum = false, uint8_t enAtomic = 0);
    template <bool sync = true>
    __aicore__ GlobalTensor<DstT> GetBatchTensorC(uint32_t batchA, uint32_t batchB, bool enSequentialWrite = false);
    template <bool sync = true>
    __aicore__ void GetBatchTensorC(const LocalTensor<DstT>& c, uint32_t batchA, uint32_t batchB,
                                    bool enSequentialWrite = false);
    __aicore__ void WaitGetTensorC();
    template <class Tensor>
    __aicore__ void AsyncGetTensorC(const Tensor& c);
    __aicore__ MatrixOffset GetOffsetC();
    __aicore__ void SetSelfDefineData(const uint64_t dataPtr);
    __aicore__ void SetSparseIndex(const GlobalTensor<uint8_t>& indexGlobal);
    __aicore__ void SetUserDefInfo(const uint64_t tilingPtr);
    __aicore__ void SetHF32(bool enableHF32 = false, int32_t transMode = 0);
    __aicore__ void SetTail(int tailM = -1, int tailN = -1, int tailK = -1);
    __aicore__ void SetBatchNum(int32_t batchA, int32_t batchB);
    __aicore__ void SetQuantScalar(const uint64_t quantScalar);
    __aicore__ void SetQuantVector(const GlobalTensor<uint64_t>& quantTensor);
    __aicore__ void SetOrgShape(int orgM, int orgN, int orgK);
    __aicore__ void SetOrgShape(int orgM, int orgN, int orgKa, int orgKb, int orgKc = 0);
    __aicore__ void SetSingleShape(int singleM, int singleN, int singleK);
    template <class T>
    __aicore__ void SetWorkspace(__gm__ const T* addr, int size);
    template <class T>
    __aicore__ void SetWorkspace(GlobalTensor<T>& addr);
};
// Sizes of one AscendQuant call (count, offsets, scales, scratch bytes)
struct AscendQuantConfig {
    __aicore__ constexpr AscendQuantConfig(uint32_t calcCount, uint32_t offsetCount, uint32_t scaleCount,
                                           uint32_t workLocalSize)
        : calcCount(calcCount), offsetCount(offsetCount), scaleCount(scaleCount), workLocalSize(workLocalSize) {}
    uint32_t calcCount = 0;
    uint32_t offsetCount = 0;
    uint32_t scaleCount = 0;
    uint32_t workLocalSize = 0;
};
// REGIST_MATMUL_OBJ(&pipe, workspace, mm[, &tiling], ...): hands the Matmul objects (each optionally followed by
// its tiling) to the pipe and, in mixed kernels, to the cube core that serves them. A variadic function here, so
// the pipe and the workspace are type-checked; the pairing of objects and tilings is not.
template <class... Objects>
__aicore__ void RegisterMatmulObjects(TPipe* tpipe, GM_ADDR workspace, Objects&&... objects);
#define REGIST_MATMUL_OBJ(tpipe, workspace, ...) AscendC::RegisterMatmulObjects(tpipe, workspace, __VA_ARGS__)

// ---- core-type tests and the system workspace ----------------------------------------------------------------
enum CoreType : uint8_t { AIC = 0, AIV = 1, MIX = 2 };
extern CoreType g_coreType;

// ---- advanced math (elementwise; count, shared temporary buffer and whole-tensor forms) ------------------------
#define PYASC_ADV_UNARY(NAME)                                                                                     \
    template <typename T, bool isReuseSource = false>                                                            \
    __aicore__ inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src,                             \
                                const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {           \
        static_assert(check::fp<T>::value, #NAME ": element type must be half or float");                         \
    }                                                                                                             \
    template <typename T, bool isReuseSource = false>                                                            \
    __aicore__ inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t calCount) {  \
        static_assert(check::fp<T>::value, #NAME ": element type must be half or float");                         \
    }                                                                                                             \
    template <typename T, bool isReuseSource = false>                                                            \
    __aicore__ inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src,                             \
                                const LocalTensor<uint8_t>& sharedTmpBuffer) {                                    \
        static_assert(check::fp<T>::value, #NAME ": element type must be half or float");                         \
    }                                                                                                             \
    template <typename T, bool isReuseSource = false>                                                            \
    __aicore__ inline void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src) {                           \
        static_assert(check::fp<T>::value, #NAME ": element type must be half or float");                         \
    }

PYASC_ADV_UNARY(Acos)
PYASC_ADV_UNARY(Acosh)
PYASC_ADV_UNARY(Asin)
PYASC_ADV_UNARY(Asinh)
PYASC_ADV_UNARY(Atan)
PYASC_ADV_UNARY(Atanh)
PYASC_ADV_UNARY(Ceil)
PYASC_ADV_UNARY(Cos)
PYASC_ADV_UNARY(Cosh)
PYASC_ADV_UNARY(Digamma)
PYASC_ADV_UNARY(Erf)
PYASC_ADV_UNARY(Erfc)
PYASC_ADV_UNARY(Floor)
PYASC_ADV_UNARY(Frac)
PYASC_ADV_UNARY(Lgamma)
PYASC_ADV_UNARY(Log)
PYASC_ADV_UNARY(Log2)
PYASC_ADV_UNARY(Log10)
PYASC_ADV_UNARY(Round)
PYASC_ADV_UNARY(Sign)
PYASC_ADV_UNARY(Sin)
PYASC_ADV_UNARY(Sinh)
PYASC_ADV_UNARY(Tan)
PYASC_ADV_UNARY(Tanh)
PYASC_ADV_UNARY(Trunc)
#undef PYASC_ADV_UNARY

// Exp with a Taylor expansion level (the advanced form; the level is a template argument, so it never collides with
// the basic Exp count form).
template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>
__aicore__ inline void Exp(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                           const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    static_assert(check::fp<T>::value, "Exp: element type must be half or float");
}
template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>
__aicore__ inline void Exp(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t calCount) {
    static_assert(check::fp<T>::value, "Exp: element type must be half or float");
}

template <typename T, bool isReuseSource = false>
__aicore__ inline void Power(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                             const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount) {
    static_assert(check::arith<T>::value, "Power: element type must be half, float, int16_t or int32_t");
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void Power(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                             uint32_t calCount) {
    static_assert(check::arith<T>::value, "Power: element type must be half, float, int16_t or int32_t");
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void Power(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1) {
    static_assert(check::arith<T>::value, "Power: element type must be half, float, int16_t or int32_t");
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void Power(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                             const LocalTensor<uint8_t>& sharedTmpBuffer) {
    static_assert(check::arith<T>::value, "Power: element type must be half, float, int16_t or int32_t");
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void Power(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const T& src1Scalar,
                             const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount) {
    static_assert(check::arith<T>::value, "Power: element type must be half, float, int16_t or int32_t");
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void Power(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const T& src1Scalar,
                             const LocalTensor<uint8_t>& sharedTmpBuffer) {
    static_assert(check::arith<T>::value, "Power: element type must be half, float, int16_t or int32_t");
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void Power(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const T& src1Scalar) {
    static_assert(check::arith<T>::value, "Power: element type must be half, float, int16_t or int32_t");
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void Power(const LocalTensor<T>& dst, const T& src0Scalar, const LocalTensor<T>& src1,
                             const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount) {
    static_assert(check::arith<T>::value, "Power: element type must be half, float, int16_t or int32_t");
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void Power(const LocalTensor<T>& dst, const T& src0Scalar, const LocalTensor<T>& src1,
                             const LocalTensor<uint8_t>& sharedTmpBuffer) {
    static_assert(check::arith<T>::value, "Power: element type must be half, float, int16_t or int32_t");
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void Power(const LocalTensor<T>& dst, const T& src0Scalar, const LocalTensor<T>& src1) {
    static_assert(check::arith<T>::value, "Power: element type must be half, float, int16_t or int32_t");
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void Power(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const T& src1Scalar,
                             uint32_t calCount) {
    static_assert(check::arith<T>::value, "Power: element type must be half, float, int16_t or int32_t");
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void Power(const LocalTensor<T>& dst, const T& src0Scalar, const LocalTensor<T>& src1,
                             uint32_t calCount) {
    static_assert(check::arith<T>::value, "Power: element type must be half, float, int16_t or int32_t");
}

template <typename T, bool isReuseSource = false>
__aicore__ inline void Xor(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                           const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    static_assert(check::bitwise<T>::value, "Xor: element type must be int16_t or uint16_t");
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void Xor(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                           const uint32_t calCount) {
    static_assert(check::bitwise<T>::value, "Xor: element type must be int16_t or uint16_t");
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void Xor(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                           const LocalTensor<uint8_t>& sharedTmpBuffer) {
    static_assert(check::bitwise<T>::value, "Xor: element type must be int16_t or uint16_t");
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void Xor(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1) {
    static_assert(check::bitwise<T>::value, "Xor: element type must be int16_t or uint16_t");
}

// ---- vector extras, gather mask, 5HD transposition, sorting, AIPP, fixpipe, adv SoftMax/RmsNorm/AscendQuant -----

// Select without src1: the selection mask against src0 and the register-held scalar (mode 1 set up earlier).
template <typename T, typename U>
__aicore__ inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                              uint8_t repeatTime, const BinaryRepeatParams& repeatParams) {
    static_assert(check::fp<T>::value, "Select: element type must be half or float");
}

// BilinearInterpolation: half data, uint32_t byte offsets into src0, a uint8_t scratch buffer.
template <typename T>
__aicore__ inline void BilinearInterpolation(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                                             const LocalTensor<uint32_t>& src0Offset, const LocalTensor<T>& src1,
                                             uint64_t mask, uint8_t hRepeat, bool repeatMode, uint16_t dstBlkStride,
                                             uint16_t vROffset, uint8_t vRepeat,
                                             const LocalTensor<uint8_t>& sharedTmpBuffer) {
    static_assert(check::is_same<T, half>::value, "BilinearInterpolation: element type must be half");
}
template <typename T>
__aicore__ inline void BilinearInterpolation(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                                             const LocalTensor<uint32_t>& src0Offset, const LocalTensor<T>& src1,
                                             uint64_t mask[], uint8_t hRepeat, bool repeatMode, uint16_t dstBlkStride,
                                             uint16_t vROffset, uint8_t vRepeat,
                                             const LocalTensor<uint8_t>& sharedTmpBuffer) {
    static_assert(check::is_same<T, half>::value, "BilinearInterpolation: element type must be half");
}

// TransDataTo5HD: NCHW to NC1HWC0 through 16 source and 16 destination addresses.
struct TransDataTo5HDParams {
    __aicore__ TransDataTo5HDParams() {}
    __aicore__ TransDataTo5HDParams(bool dstHighHalfIn, bool srcHighHalfIn, uint8_t repeatTimesIn,
                                    uint16_t dstRepStrideIn, uint16_t srcRepStrideIn);
    bool dstHighHalf = false;
    bool srcHighHalf = false;
    uint8_t repeatTimes = 1;
    uint16_t dstRepStride = 0;
    uint16_t srcRepStride = 0;
};
template <typename T>
__aicore__ inline void TransDataTo5HD(const LocalTensor<T> (&dstList)[16], const LocalTensor<T> (&srcList)[16],
                                      const TransDataTo5HDParams& nchwconvParams);
template <typename T>
__aicore__ inline void TransDataTo5HD(uint64_t dstList[16], uint64_t srcList[16],
                                      const TransDataTo5HDParams& nchwconvParams);
template <typename T>
__aicore__ inline void TransDataTo5HD(const LocalTensor<uint64_t>& dst, const LocalTensor<uint64_t>& src,
                                      const TransDataTo5HDParams& nchwconvParams);

// Sorting: lengths and offsets in elements of the (value, index) structures; the four-list merge with arrays.
template <typename T>
__aicore__ inline uint32_t GetSortLen(const uint32_t elemCount);
template <typename T>
__aicore__ inline uint32_t GetSortOffset(const uint32_t elemOffset);
// How many elements of each of the 4 lists the last MrgSort consumed, written into the out-parameters.
__aicore__ inline void GetMrgSortResult(uint16_t& mrgSortList1, uint16_t& mrgSortList2, uint16_t& mrgSortList3,
                                        uint16_t& mrgSortList4);
template <typename T, bool isExhaustedSuspension = false>
__aicore__ inline void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& sortList,
                               const uint16_t elementCountList[4], uint32_t sortedNum[4], uint16_t validBit,
                               const int32_t repeatTime) {
    static_assert(check::fp<T>::value, "MrgSort: element type must be half or float");
}

// GatherMask: keep the src0 elements a pattern selects (a tensor of bits or a built-in pattern number); the number
// kept comes back through rsvdCnt.
enum class GatherMaskMode : uint8_t { VERSION_V1 = 0, VERSION_V2 = 1 };
constexpr GatherMaskMode defaultGatherMaskMode = GatherMaskMode::VERSION_V2;
template <typename T, typename U, GatherMaskMode mode = defaultGatherMaskMode>
__aicore__ inline void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                                  const LocalTensor<U>& src1Pattern, const bool reduceMode, const uint32_t mask,
                                  const GatherMaskParams& gatherMaskParams, uint64_t& rsvdCnt) {
    static_assert(check::b16b32<T>::value, "GatherMask: element type must be a 2- or 4-byte type");
    static_assert(check::one_of<U, uint16_t, uint32_t>::value, "GatherMask: the pattern must be uint16_t or uint32_t");
}
template <typename T, GatherMaskMode mode = defaultGatherMaskMode>
__aicore__ inline void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const uint8_t src1Pattern,
                                  const bool reduceMode, const uint32_t mask,
                                  const GatherMaskParams& gatherMaskParams, uint64_t& rsvdCnt) {
    static_assert(check::b16b32<T>::value, "GatherMask: element type must be a 2- or 4-byte type");
}

// GetArchVersion: the core's architecture version, written into coreVersion.
__aicore__ inline void GetArchVersion(uint32_t& coreVersion);

// AIPP: image preprocessing configuration for LoadImageToLocal.
enum class AippInputFormat : uint8_t { YUV420SP_U8 = 0, XRGB8888_U8 = 1, RGB888_U8 = 4, YUV400_U8 = 9 };
// An aggregate of the parameter groups above, brace-initialized in this order.
template <typename U>
struct AippParams {
    AippPaddingParams<U> paddingParams;
    AippSwapParams swapParams;
    AippSingleLineParams singleLineParams;
    AippDataTypeConvParams dtcParams;
    AippChannelPaddingParams<U> cPaddingParams;
    AippColorSpaceConvParams cscParams;
};
template <typename T, typename U>
__aicore__ inline void SetAippFunctions(const GlobalTensor<T>& src0, AippInputFormat format, AippParams<U> config);
template <typename T, typename U>
__aicore__ inline void SetAippFunctions(const GlobalTensor<T>& src0, const GlobalTensor<T>& src1,
                                        AippInputFormat format, AippParams<U> config);

}  // namespace AscendC

// Fixpipe's quantization modes (QuantMode_t) live outside the namespace in Ascend C: declared near the top.

// Tiling structs of the advanced APIs (defined with the other tiling structs further down).
struct SoftMaxTiling;
struct RmsNormTiling;

namespace AscendC {

// Fixpipe: L0C results to Global Memory, optionally through a uint64_t quantization table in L1.
enum class CO2Layout : uint8_t { NZ = 0, ROW_MAJOR, COLUMN_MAJOR };
struct FixpipeConfig {
    CO2Layout format;
};
constexpr FixpipeConfig CFG_NZ = {CO2Layout::NZ};
constexpr FixpipeConfig CFG_ROW_MAJOR = {CO2Layout::ROW_MAJOR};
constexpr FixpipeConfig CFG_COLUMN_MAJOR = {CO2Layout::COLUMN_MAJOR};
struct FixpipeParamsV220 {
    __aicore__ FixpipeParamsV220() {}
    __aicore__ FixpipeParamsV220(uint16_t nSizeIn, uint16_t mSizeIn, uint16_t srcStrideIn, uint32_t dstStrideIn,
                                 bool reluEnIn);
    __aicore__ FixpipeParamsV220(uint16_t nSizeIn, uint16_t mSizeIn, uint16_t srcStrideIn, uint32_t dstStrideIn,
                                 bool reluEnIn, QuantMode_t quantPreIn, int64_t deqScalarIn, uint16_t ndNumIn,
                                 uint16_t srcNdStrideIn, uint16_t dstNdStrideIn, uint8_t unitFlagIn,
                                 bool isChannelSplitIn = false);
};
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
__aicore__ inline void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src,
                               const FixpipeParamsV220& intriParams);
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
__aicore__ inline void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src,
                               const LocalTensor<uint64_t>& cbufWorkspace, const FixpipeParamsV220& intriParams);

// Advanced: row-wise SoftMax (with each row's sum and max), RmsNorm, AscendQuant to int8_t.
template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false>
__aicore__ inline void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor,
                               const LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor,
                               const SoftMaxTiling& tiling) {
    static_assert(check::fp<T>::value, "SoftMax: element type must be half or float");
}
template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false>
__aicore__ inline void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor,
                               const LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor,
                               const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling) {
    static_assert(check::fp<T>::value, "SoftMax: element type must be half or float");
}
template <typename T, bool isBasicBlock = false>
__aicore__ inline void RmsNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                               const LocalTensor<T>& gammaLocal, const T epsilon, const RmsNormTiling& tiling) {
    static_assert(check::fp<T>::value, "RmsNorm: element type must be half or float");
}
template <typename T, bool isBasicBlock = false>
__aicore__ inline void RmsNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                               const LocalTensor<T>& gammaLocal, const LocalTensor<uint8_t>& sharedTmpBuffer,
                               const T epsilon, const RmsNormTiling& tiling) {
    static_assert(check::fp<T>::value, "RmsNorm: element type must be half or float");
}
constexpr AscendQuantConfig ASCEND_QUANT_DEFAULT_CFG = {0, 0, 0, 0};
template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
__aicore__ inline void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                                   const float scale, const float offset) {
    static_assert(check::fp<T>::value, "AscendQuant: source element type must be half or float");
}
template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
__aicore__ inline void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                                   const float scale, const float offset, const uint32_t calCount) {
    static_assert(check::fp<T>::value, "AscendQuant: source element type must be half or float");
}
template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
__aicore__ inline void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                                   const LocalTensor<uint8_t>& sharedTmpBuffer, const float scale,
                                   const float offset) {
    static_assert(check::fp<T>::value, "AscendQuant: source element type must be half or float");
}
template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
__aicore__ inline void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                                   const LocalTensor<uint8_t>& sharedTmpBuffer, const float scale,
                                   const float offset, const uint32_t calCount) {
    static_assert(check::fp<T>::value, "AscendQuant: source element type must be half or float");
}

// Advanced APIs newer than CANN's pyasc 1.1.1 (the language knows them by rule from the Ascend C headers; these
// declarations are written from Ascend C's documentation of them, apart from the rule's spec entries).
// SoftmaxFlashV2: one FlashAttention-2 step on the rows of srcTensor, the running max and sum carried in
// inMaxTensor / inExpSumTensor (isUpdate); the statistics are one 32-byte block per row.
enum class SoftmaxMode : uint8_t { SOFTMAX_NORMAL = 0, SOFTMAX_OUTPUT_WITHOUT_BRC = 1 };
struct SoftmaxConfig {
    __aicore__ constexpr SoftmaxConfig(const bool isCheckTilingIn) : isCheckTiling(isCheckTilingIn) {}
    __aicore__ constexpr SoftmaxConfig(const bool isCheckTilingIn, const uint32_t oriSrcMIn, const uint32_t oriSrcKIn)
        : isCheckTiling(isCheckTilingIn), oriSrcM(oriSrcMIn), oriSrcK(oriSrcKIn) {}
    __aicore__ constexpr SoftmaxConfig(const bool isCheckTilingIn, const uint32_t oriSrcMIn, const uint32_t oriSrcKIn,
                                       const SoftmaxMode modeIn)
        : isCheckTiling(isCheckTilingIn), oriSrcM(oriSrcMIn), oriSrcK(oriSrcKIn), mode(modeIn) {}
    bool isCheckTiling = true;
    uint32_t oriSrcM = 0;
    uint32_t oriSrcK = 0;
    SoftmaxMode mode = SoftmaxMode::SOFTMAX_NORMAL;
};
constexpr SoftmaxConfig SOFTMAX_DEFAULT_CFG = {true, 0, 0, SoftmaxMode::SOFTMAX_NORMAL};
struct SoftMaxShapeInfo {
    uint32_t srcM{0};
    uint32_t srcK{0};
    uint32_t oriSrcM{0};
    uint32_t oriSrcK{0};
};
template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ inline void SoftmaxFlashV2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& expSumTensor,
                                      const LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor,
                                      const LocalTensor<T>& expMaxTensor, const LocalTensor<T>& inExpSumTensor,
                                      const LocalTensor<T>& inMaxTensor, const SoftMaxTiling& tiling,
                                      const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    static_assert(check::fp<T>::value, "SoftmaxFlashV2: element type must be half or float");
}
template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ inline void SoftmaxFlashV2(const LocalTensor<half>& dstTensor, const LocalTensor<float>& expSumTensor,
                                      const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
                                      const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inExpSumTensor,
                                      const LocalTensor<float>& inMaxTensor, const SoftMaxTiling& tiling,
                                      const SoftMaxShapeInfo& softmaxShapeInfo = {});
template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ inline void SoftmaxFlashV2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& expSumTensor,
                                      const LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor,
                                      const LocalTensor<T>& expMaxTensor, const LocalTensor<T>& inExpSumTensor,
                                      const LocalTensor<T>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                                      const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    static_assert(check::fp<T>::value, "SoftmaxFlashV2: element type must be half or float");
}
template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ inline void SoftmaxFlashV2(const LocalTensor<half>& dstTensor, const LocalTensor<float>& expSumTensor,
                                      const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
                                      const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inExpSumTensor,
                                      const LocalTensor<float>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                                      const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {});
// the form that also writes each row's reduced max (outReduceMax)
template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ PYASC_PARTIAL("the reduce-max form: its tensors' sizes are not checked")
inline void SoftmaxFlashV2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& outReduceMax,
                           const LocalTensor<T>& outExpSum, const LocalTensor<T>& outMax,
                           const LocalTensor<T>& srcTensor, const LocalTensor<T>& outExpMax,
                           const LocalTensor<T>& inExpSum, const LocalTensor<T>& inMax, const SoftMaxTiling& tiling,
                           const SoftMaxShapeInfo& softmaxShapeInfo = {});
template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ PYASC_PARTIAL("the reduce-max form: its tensors' sizes are not checked")
inline void SoftmaxFlashV2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& outReduceMax,
                           const LocalTensor<T>& outExpSum, const LocalTensor<T>& outMax,
                           const LocalTensor<T>& srcTensor, const LocalTensor<T>& outExpMax,
                           const LocalTensor<T>& inExpSum, const LocalTensor<T>& inMax,
                           const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
                           const SoftMaxShapeInfo& softmaxShapeInfo = {});
// SwiGLU: dst = src0 * swish(src1), swish(x) = x / (1 + e^(-scalarValue * x)); half or float.
template <typename T, bool isReuseSource = false>
__aicore__ inline void SwiGLU(LocalTensor<T>& dstTensor, LocalTensor<T>& srcTensor0, LocalTensor<T>& srcTensor1,
                              const float& scalarValue) {
    static_assert(check::fp<T>::value, "SwiGLU: element type must be half or float");
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void SwiGLU(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
                              const LocalTensor<T>& srcTensor1, const float& scalarValue,
                              const LocalTensor<uint8_t>& sharedTmpBuffer) {
    static_assert(check::fp<T>::value, "SwiGLU: element type must be half or float");
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void SwiGLU(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
                              const LocalTensor<T>& srcTensor1, const float& scalarValue, const uint32_t calCount) {
    static_assert(check::fp<T>::value, "SwiGLU: element type must be half or float");
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void SwiGLU(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
                              const LocalTensor<T>& srcTensor1, const float& scalarValue,
                              const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    static_assert(check::fp<T>::value, "SwiGLU: element type must be half or float");
}

}  // namespace AscendC

// ---- tiling structs: computed on the host, copied from Global Memory into the kernel (global namespace) ----
struct TCubeTiling {
    int32_t usedCoreNum = 0; int32_t M = 0; int32_t N = 0; int32_t Ka = 0; int32_t Kb = 0; int32_t singleCoreM = 0;
    int32_t singleCoreN = 0; int32_t singleCoreK = 0; int32_t baseM = 0; int32_t baseN = 0; int32_t baseK = 0;
    int32_t depthA1 = 0; int32_t depthB1 = 0; int32_t stepM = 0; int32_t stepN = 0; int32_t isBias = 0;
    int32_t transLength = 0; int32_t iterateOrder = 0; int32_t shareMode = 0; int32_t shareL1Size = 0;
    int32_t shareL0CSize = 0; int32_t shareUbSize = 0; int32_t batchM = 0; int32_t batchN = 0;
    int32_t singleBatchM = 0; int32_t singleBatchN = 0; int32_t stepKa = 0; int32_t stepKb = 0;
    int32_t depthAL1CacheUB = 0; int32_t depthBL1CacheUB = 0; int32_t dbL0A = 0; int32_t dbL0B = 0;
    int32_t dbL0C = 0; int32_t ALayoutInfoB = 0; int32_t ALayoutInfoS = 0; int32_t ALayoutInfoN = 0;
    int32_t ALayoutInfoG = 0; int32_t ALayoutInfoD = 0; int32_t BLayoutInfoB = 0; int32_t BLayoutInfoS = 0;
    int32_t BLayoutInfoN = 0; int32_t BLayoutInfoG = 0; int32_t BLayoutInfoD = 0; int32_t CLayoutInfoB = 0;
    int32_t CLayoutInfoS1 = 0; int32_t CLayoutInfoN = 0; int32_t CLayoutInfoG = 0; int32_t CLayoutInfoS2 = 0;
    int32_t BatchNum = 0;
};
struct SoftMaxTiling {
    uint32_t srcM = 0; uint32_t srcK = 0; uint32_t srcSize = 0; uint32_t outMaxM = 0; uint32_t outMaxK = 0;
    uint32_t outMaxSize = 0; uint32_t splitM = 0; uint32_t splitK = 0; uint32_t splitSize = 0; uint32_t reduceM = 0;
    uint32_t reduceK = 0; uint32_t reduceSize = 0; uint32_t rangeM = 0; uint32_t tailM = 0;
    uint32_t tailSplitSize = 0; uint32_t tailReduceSize = 0;
};
struct RmsNormTiling {
    uint32_t bLength = 0; uint32_t sLength = 0; uint32_t hLength = 0; uint32_t originalHLength = 0;
    float reciprocalOfHLength = 0.0; uint32_t mainBshLength = 0; uint32_t mainBsLength = 0;
    uint32_t mainBsLengthAlign = 0; uint32_t loopRound = 0; uint32_t inputTailPos = 0; uint32_t tailBshLength = 0;
    uint32_t tailBsLength = 0;
};
struct MatmulApiStaticTiling {
    int32_t usedCoreNum = -1; int32_t M = -1; int32_t N = -1; int32_t Ka = -1; int32_t Kb = -1;
    int32_t singleCoreM = -1; int32_t singleCoreN = -1; int32_t singleCoreK = -1; int32_t baseM = -1;
    int32_t baseN = -1; int32_t baseK = -1; int32_t depthA1 = -1; int32_t depthB1 = -1; int32_t stepM = -1;
    int32_t stepN = -1; int32_t isBias = -1; int32_t transLength = -1; int32_t iterateOrder = -1;
    int32_t shareMode = -1; int32_t shareL1Size = -1; int32_t shareL0CSize = -1; int32_t shareUbSize = -1;
    int32_t stepKa = -1; int32_t stepKb = -1; int32_t depthAL1CacheUB = -1; int32_t depthBL1CacheUB = -1;
    int32_t dbL0A = -1; int32_t dbL0B = -1; int32_t dbL0C = -1; int32_t ALayoutInfoB = -1;
    int32_t ALayoutInfoS = -1; int32_t ALayoutInfoN = -1; int32_t ALayoutInfoG = -1; int32_t ALayoutInfoD = -1;
    int32_t BLayoutInfoB = -1; int32_t BLayoutInfoS = -1; int32_t BLayoutInfoN = -1; int32_t BLayoutInfoG = -1;
    int32_t BLayoutInfoD = -1; int32_t CLayoutInfoB = -1; int32_t CLayoutInfoS1 = -1; int32_t CLayoutInfoN = -1;
    int32_t CLayoutInfoG = -1; int32_t CLayoutInfoS2 = -1; int32_t BatchNum = -1; int32_t mxTypePara = -1;
};
namespace AscendC {
// A tiling fixed at compile time from a configuration and the operand types (the L1 size in bytes); only the types
// are checked here: every field is left unset (-1).
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE>
__aicore__ constexpr MatmulApiStaticTiling GetMatmulApiTiling(const MatmulConfig&, int32_t = 524288) { return {}; }
}  // namespace AscendC

// Which core a mixed kernel runs on, and the system workspace (outside the namespace, as in the real headers).
#define ASCEND_IS_AIV (AscendC::g_coreType == AscendC::AIV)
#define ASCEND_IS_AIC (AscendC::g_coreType == AscendC::AIC)
__aicore__ __gm__ uint8_t* GetSysWorkSpacePtr();
__aicore__ AscendC::TPipe* GetTPipePtr();


// The Ascend C functions the part above does not declare, generated from the facts of the public headers
// (scripts/ascendc_api_facts.py --header): each is partial, its dtype rules not modelled.
#include "lib/rule_apis.h"

#endif  // PYASC_BUNDLED_KERNEL_OPERATOR_H
