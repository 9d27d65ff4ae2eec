"""rules/systems/skirmish"""
