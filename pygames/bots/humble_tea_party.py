"""Humble Tea Party bots (placeholder, replaced below)."""
