"""Heroes III Clash: town rules (registered on clash.flow.FLOW)."""
