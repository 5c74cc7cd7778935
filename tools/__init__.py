"""Project tools: vendoring, building the site, icons (not shipped)."""
