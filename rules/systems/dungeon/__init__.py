"""rules/systems/dungeon"""
