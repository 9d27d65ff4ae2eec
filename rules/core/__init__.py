"""rules/core"""
