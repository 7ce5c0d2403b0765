"""Host tools. Importing the package makes the firmware importable as on the device."""
import sim  # noqa: F401  (sim/__init__.py puts the firmware and the stand-ins on sys.path)
