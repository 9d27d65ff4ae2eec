"""rules/systems/twilight"""
