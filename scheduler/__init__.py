"""Reminders: the responsible person hears about every deadline before it passes.

The stored deadlines are the truth; jobs are derived from them (scheduler/jobs.py), and
what a reminder is and when it is due is decided by pure functions (scheduler/plan.py).
"""
