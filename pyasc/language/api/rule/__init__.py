"""Spec entries derived by rule from the Ascend C headers (`ascendc_facts.json`): the APIs pyasc will bind.

pyasc is Ascend C one to one, and its releases bind new Ascend C APIs mechanically, so the header's declaration
predicts the binding: the name snake-cased (`SoftmaxFlashV2` -> `softmax_flash_v2`, under `asc.adv` for an advanced
API), the parameters in the header's order with snake-cased names (as pyasc names them: `dstTensor` -> `dst`,
`sharedTmpBuffer` -> `temp_buffer`, `calCount` -> `count`), the template's value parameters as keywords after them,
and the dtypes its documentation states. The C++ of an entry calls the declaration it came from. The hand-written
1.1.1 tables override these entries: an Ascend C API they bind (by its C++ name) is theirs; the few places where the
rule would name a keyword otherwise add the rule's form after theirs (`TPipe.init_buffer(buf=..., len=...)`).

An entry of this package is `rule`-marked (ApiSpec.rule / ClassSpec.rule / Overload.rule: the Ascend C declaration
it came from): CANN's pyasc 1.1.1 lacks it, which the front end says (PA206) per the `cann_version` setting. The
facts and their names are names.py's, one declaration's spec forms forms.py's, the tables build.py's, and the
committed rule_spec.json store.py's."""
