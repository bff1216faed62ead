"""Exports of archived games: CSV, JSON, a Markdown/HTML report with a chart, BG Stats plays."""
