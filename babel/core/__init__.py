"""The engine core: protocol, RNG, registry, match driver, bots, saves."""
