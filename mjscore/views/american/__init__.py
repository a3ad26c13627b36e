"""Views of the american package: tables, charts and widget apps."""
