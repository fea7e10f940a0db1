"""The picker's settings as pydantic models, one module per config section.

Nothing here imports the rest of the package, so every room can take its settings from here
without an import cycle; the code that acts on a section lives in its room.
"""
