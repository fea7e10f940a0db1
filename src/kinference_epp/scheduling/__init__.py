"""Filters, scorers and pickers over numpy vectors of endpoints; knows nothing of gRPC."""
