"""Every implemented card. Importing this package registers them all."""

from .core import aliens, bases, ninjas  # noqa: F401
