"""Twisted Terra (Искажённая Терра): formulas with the crit check, phases of AP
turns after initiative and synchronization, twelve damage types, soul points by
blood group, the rhesus states of the dying."""
