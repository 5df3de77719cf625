"""The ctypes binding of Caliper's C ABI (include/caliper.h): finding the library and its five functions."""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import threading
from pathlib import Path

#: The ABI version this binding was written for (``CALIPER_ABI_VERSION`` in caliper.h).
ABI_VERSION = 1

#: The shared library's file name, as the wheel and the Debian package install it (its SONAME).
LIBRARY_NAME = "libcaliper.so.0"


class Library:
    """The loaded shared library, its functions typed as caliper.h declares them."""

    def __init__(self, path: str) -> None:
        self.path = path
        library = ctypes.CDLL(path)
        # Pointers the library allocates are kept as c_void_p, never c_char_p: ctypes would copy a
        # c_char_p result into bytes and lose the pointer that caliper_free needs.
        library.caliper_version.argtypes = []
        library.caliper_version.restype = ctypes.c_char_p
        library.caliper_abi_version.argtypes = []
        library.caliper_abi_version.restype = ctypes.c_int
        library.caliper_processor_create.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_void_p)]
        library.caliper_processor_create.restype = ctypes.c_void_p
        library.caliper_processor_free.argtypes = [ctypes.c_void_p]
        library.caliper_processor_free.restype = None
        library.caliper_answer.argtypes = [
            ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t)]
        library.caliper_answer.restype = ctypes.c_void_p
        library.caliper_free.argtypes = [ctypes.c_void_p]
        library.caliper_free.restype = None
        self._library = library
        abi_version = library.caliper_abi_version()
        if abi_version != ABI_VERSION:
            raise OSError(f"{path} has Caliper's C ABI version {abi_version}; this package needs version {ABI_VERSION}")
        self.version: str = library.caliper_version().decode("utf-8")

    def create_processor(self, settings: bytes) -> tuple[int | None, str | None]:
        """A processor for `settings` (JSON), or None and the library's message."""
        error = ctypes.c_void_p()
        processor = self._library.caliper_processor_create(settings, len(settings), ctypes.byref(error))
        if processor:
            return processor, None
        message = "the settings cannot be used"
        if error.value:
            message = ctypes.string_at(error.value).decode("utf-8", "replace")
            self._library.caliper_free(error)
        return None, message

    def free_processor(self, processor: int) -> None:
        """Frees a processor made by `create_processor`."""
        self._library.caliper_processor_free(processor)

    def answer(self, processor: int, request: bytes) -> bytes:
        """The answer's JSON bytes to one request's JSON bytes (ctypes lets go of the GIL during the call)."""
        length = ctypes.c_size_t()
        answer = self._library.caliper_answer(processor, request, len(request), ctypes.byref(length))
        if not answer:
            raise MemoryError("Caliper could not allocate memory for an answer")
        try:
            return ctypes.string_at(answer, length.value)
        finally:
            self._library.caliper_free(answer)


_loaded: Library | None = None
_loading = threading.Lock()


def candidates() -> list[str]:
    """Where the library is looked for, in order: ``$CALIPER_LIBRARY``; ``libcaliper.so.0`` beside this
    package (as the wheel carries it); the system's (``ctypes.util.find_library("caliper")``, then
    ``libcaliper.so.0`` on the loader's path, where the Debian package installs it)."""
    explicit = os.environ.get("CALIPER_LIBRARY")
    if explicit:
        # Named on purpose: no other library is tried in its place.
        return [explicit]
    found = []
    bundled = Path(__file__).resolve().parent / LIBRARY_NAME
    if bundled.is_file():
        found.append(str(bundled))
    system = ctypes.util.find_library("caliper")
    if system:
        found.append(system)
    found.append(LIBRARY_NAME)
    return found


def library() -> Library:
    """The library, loaded once per process from the first of `candidates()` that loads."""
    global _loaded
    if _loaded is not None:
        return _loaded
    with _loading:
        if _loaded is None:
            failures = []
            for candidate in candidates():
                try:
                    _loaded = Library(candidate)
                    break
                except (OSError, AttributeError) as error:  # AttributeError: a function is missing
                    failures.append(f"{candidate}: {error}")
            else:
                raise OSError(
                    "Caliper's shared library was not found or did not load (set CALIPER_LIBRARY to its path); tried "
                    + "; ".join(failures))
    return _loaded
