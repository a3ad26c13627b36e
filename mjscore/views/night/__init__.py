"""Views of the night package: tables, charts and widget apps."""
