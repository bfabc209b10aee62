"""Contract bridge (see `rules.py`): auction, dummy, claims, duplicate and rubber scoring, presets."""

from games.bridge.rules import GAME, Bridge, BridgeOptions, BridgeState, BridgeView

__all__ = ["GAME", "Bridge", "BridgeOptions", "BridgeState", "BridgeView"]
