"""Heroes III Clash: adventure rules (registered on clash.flow.FLOW)."""
