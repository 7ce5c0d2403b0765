# tools/mp32.py builds the 32-bit ports with USER_C_MODULES naming tests/unixboard.
SRC_USERMOD_C += $(USERMOD_DIR)/machine32.c $(USERMOD_DIR)/growth.c
