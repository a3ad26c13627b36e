"""Views of the willingdon package: tables, charts and widget apps."""
