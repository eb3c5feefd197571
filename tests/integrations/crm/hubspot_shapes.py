"""Checks JSON against the models of ``hubspot-api-client`` (generated from HubSpot's OpenAPI specs).

``conform(data, "SimplePublicObject")`` deserializes ``data`` with the package (required fields, enum values)
and walks it against the model's ``openapi_types``: every key must be a documented one, every value of the
documented type. The fake HubSpot server checks each request it receives and each answer it gives.
"""

import json
from datetime import datetime
from types import ModuleType
from typing import Any

import hubspot.crm.associations.v4.api_client as association_client  # type: ignore[import-untyped]
import hubspot.crm.associations.v4.models as association_models  # type: ignore[import-untyped]
import hubspot.crm.associations.v4.schema.api_client as label_client  # type: ignore[import-untyped]
import hubspot.crm.associations.v4.schema.models as label_models  # type: ignore[import-untyped]
import hubspot.crm.objects.api_client as object_client  # type: ignore[import-untyped]
import hubspot.crm.objects.models as object_models  # type: ignore[import-untyped]
import hubspot.crm.owners.api_client as owner_client  # type: ignore[import-untyped]
import hubspot.crm.owners.models as owner_models  # type: ignore[import-untyped]
import hubspot.crm.properties.api_client as property_client  # type: ignore[import-untyped]
import hubspot.crm.properties.models as property_models  # type: ignore[import-untyped]

MODULES: dict[str, tuple[ModuleType, ModuleType]] = {
    "objects": (object_models, object_client),
    "associations": (association_models, association_client),
    "owners": (owner_models, owner_client),
    "properties": (property_models, property_client),
    "labels": (label_models, label_client),
}
_PRIMITIVES: dict[str, tuple[type, ...]] = {"str": (str,), "int": (int,), "bool": (bool,), "float": (int, float)}


class _Answer:
    def __init__(self, data: Any) -> None:
        self.data = json.dumps(data)


def conform(data: Any, model: str, api: str = "objects", *, undocumented: frozenset[str] = frozenset()) -> None:
    """Raises ``AssertionError``/``ValueError`` when ``data`` is not a valid ``model`` of ``api``.

    ``undocumented``: top-level keys HubSpot sends that the model leaves out (error bodies carry ``status``).
    """
    data = {k: v for k, v in data.items() if k not in undocumented} if isinstance(data, dict) else data
    module, client = MODULES[api]
    configuration = client.Configuration()
    configuration.client_side_validation = True  # off by default: required fields and enum values are checked
    client.ApiClient(configuration).deserialize(_Answer(data), getattr(module, model))
    _walk(data, model, module, model)


def _walk(data: Any, type_name: str, module: ModuleType, where: str) -> None:
    if data is None:
        return
    if type_name.startswith("list["):
        assert isinstance(data, list), f"{where}: expected a list"
        for index, item in enumerate(data):
            _walk(item, type_name[5:-1], module, f"{where}[{index}]")
    elif type_name.startswith("dict["):
        assert isinstance(data, dict), f"{where}: expected an object"
        value_type = type_name[5:-1].split(", ", 1)[1]
        for key, value in data.items():
            _walk(value, value_type, module, f"{where}.{key}")
    elif type_name in _PRIMITIVES:
        assert isinstance(data, _PRIMITIVES[type_name]), f"{where}: expected {type_name}, got {data!r}"
    elif type_name == "datetime":
        assert isinstance(data, str), f"{where}: expected a date-time"
        datetime.fromisoformat(data.replace("Z", "+00:00"))
    elif type_name != "object":
        klass = getattr(module, type_name)
        assert isinstance(data, dict), f"{where}: expected a {type_name}"
        keys = {json_key: attr for attr, json_key in klass.attribute_map.items()}
        unknown = set(data) - set(keys)
        assert not unknown, f"{where}: {type_name} has no {sorted(unknown)}"
        for key, value in data.items():
            _walk(value, klass.openapi_types[keys[key]], module, f"{where}.{key}")
