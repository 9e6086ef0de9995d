"""Tanbo bots (placeholder, replaced below)."""
