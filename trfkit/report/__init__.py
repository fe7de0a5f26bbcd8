"""Renderers: records, diagnostics and reports as text, JSON, ..."""
