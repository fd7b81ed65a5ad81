"""`ethicsbot demo`: one complaint through the whole procedure on a simulated clock."""
