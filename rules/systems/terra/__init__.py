"""rules/systems/terra"""
