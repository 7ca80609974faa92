"""JSON round trips for frozen dataclasses, driven by their type hints.

Engines keep states and actions as frozen dataclasses of ints, strings, enums, tuples,
frozensets, dicts and nested dataclasses; this codec turns them into plain JSON values and back,
exactly (``decode(T, encode(x)) == x``), so every game gets saves and round-trip tests for free.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from functools import cache
from typing import Any, Union

JSON = Any


class DecodeError(ValueError):
    """A JSON value does not fit the type it is decoded as."""


def encode(obj: Any) -> JSON:
    """A plain JSON value (dicts, lists, str, int, float, bool, None) for ``obj``."""
    if obj is None or isinstance(obj, (bool, int, float, str)):
        if isinstance(obj, enum.Enum):
            return obj.value
        return obj
    if isinstance(obj, enum.Enum):
        return obj.value
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: encode(getattr(obj, f.name)) for f in _fields(type(obj))}
    if isinstance(obj, (tuple, list)):
        return [encode(x) for x in obj]
    if isinstance(obj, frozenset | set):
        return sorted((encode(x) for x in obj), key=_sort_key)
    if isinstance(obj, dict):
        if all(isinstance(k, str) and not isinstance(k, enum.Enum) for k in obj):
            return {k: encode(v) for k, v in obj.items()}
        return [[encode(k), encode(v)] for k, v in obj.items()]
    raise TypeError(f"cannot encode {type(obj).__name__}")


def _sort_key(value: JSON) -> tuple[str, str]:
    return (type(value).__name__, repr(value))


@cache
def _fields(cls: type) -> tuple[dataclasses.Field, ...]:
    return tuple(f for f in dataclasses.fields(cls) if f.init)


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def decode(tp: Any, data: JSON) -> Any:
    """Rebuild a value of type ``tp`` from ``encode``'s output; raises DecodeError on a misfit."""
    try:
        return _decode(tp, data)
    except DecodeError:
        raise
    except (TypeError, ValueError, KeyError) as exc:
        raise DecodeError(f"cannot read {data!r:.60} as {tp}: {exc}") from exc


def _decode(tp: Any, data: JSON) -> Any:
    if tp is Any:
        return data
    origin = typing.get_origin(tp)
    if origin is Union or origin is types.UnionType:
        args = typing.get_args(tp)
        if data is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _decode(arg, data)
            except (DecodeError, TypeError, ValueError, KeyError) as exc:
                errors.append(str(exc))
        raise DecodeError(f"{data!r:.60} fits none of {tp}")
    if origin is typing.Literal:
        if data not in typing.get_args(tp):
            raise DecodeError(f"{data!r} is not one of {typing.get_args(tp)}")
        return data
    if origin in (tuple, list, frozenset, set):
        if not isinstance(data, list):
            raise DecodeError(f"expected a list for {tp}, got {type(data).__name__}")
        args = typing.get_args(tp)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return tuple(_decode(args[0], x) for x in data)
            if not args:
                return tuple(data)
            if len(args) != len(data):
                raise DecodeError(f"expected {len(args)} items for {tp}, got {len(data)}")
            return tuple(_decode(a, x) for a, x in zip(args, data))
        inner = args[0] if args else Any
        items = [_decode(inner, x) for x in data]
        return origin(items) if origin is not list else items
    if origin is dict:
        key_t, val_t = typing.get_args(tp) or (Any, Any)
        if isinstance(data, dict):
            return {_decode(key_t, k): _decode(val_t, v) for k, v in data.items()}
        if isinstance(data, list):
            return {_decode(key_t, k): _decode(val_t, v) for k, v in data}
        raise DecodeError(f"expected a mapping for {tp}")
    if isinstance(tp, type):
        if issubclass(tp, enum.Enum):
            return tp(data)
        if dataclasses.is_dataclass(tp):
            if not isinstance(data, dict):
                raise DecodeError(f"expected an object for {tp.__name__}")
            hints = _hints(tp)
            kwargs = {}
            for f in _fields(tp):
                if f.name in data:
                    kwargs[f.name] = _decode(hints[f.name], data[f.name])
                elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                    raise DecodeError(f"{tp.__name__} is missing field {f.name!r}")
            unknown = set(data) - {f.name for f in _fields(tp)}
            if unknown:
                raise DecodeError(f"{tp.__name__} has unknown fields {sorted(unknown)}")
            return tp(**kwargs)
        if tp is bool:
            if not isinstance(data, bool):
                raise DecodeError(f"expected true/false, got {data!r:.30}")
            return data
        if tp is int:
            if isinstance(data, bool) or not isinstance(data, int):
                raise DecodeError(f"expected an integer, got {data!r:.30}")
            return data
        if tp is float:
            if isinstance(data, bool) or not isinstance(data, (int, float)):
                raise DecodeError(f"expected a number, got {data!r:.30}")
            return float(data)
        if tp is str:
            if not isinstance(data, str):
                raise DecodeError(f"expected a string, got {data!r:.30}")
            return data
    raise DecodeError(f"no decoder for type {tp}")
