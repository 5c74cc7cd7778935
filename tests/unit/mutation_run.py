"""What a mutation run changes in the unit tests (``tools/mutation.py`` sets
``MAGDAGDON_MUTATION=1``): each mutant runs the tests that reach its function, thousands of
times over, so the slowest of them take a smaller sample, and the tests that read the
package's import statements (which no mutant changes) are not run."""

from __future__ import annotations

import os

import pytest

MUTATION = os.environ.get("MAGDAGDON_MUTATION") == "1"
#: Example and game counts are divided by this under mutation testing.
SHARE = 10 if MUTATION else 1
#: A test of the sources' import statements, not of what the code does. A mutant only changes a
#: function's body, and a mutated module (every mutant beside the original) is ten times longer.
reads_imports = pytest.mark.skipif(
    MUTATION, reason="reads import statements: no mutant changes one"
)

#: A test of the sources' text (their string literals, their shape), not of what the code does:
#: a mutated module holds every mutant's text beside the original's.
reads_sources = pytest.mark.skipif(
    MUTATION, reason="reads the sources' text: a mutated module holds every mutant's"
)

#: A test that needs the whole working tree (the runtime's vendored files, to build the site),
#: which the mutation run's copy leaves out; what it checks is the build, not a mutated function.
whole_tree = pytest.mark.skipif(
    MUTATION, reason="needs the whole working tree, which the mutation copy leaves out"
)


def plain(value: object) -> str:
    """A test id for a parameter that pytest would write with a backslash or beyond ASCII (a
    control character, a Tamil word, a minus sign): its ``ascii()`` with ``~`` for ``\\``.
    mutmut collects the tests a second time in the same process, and pytest then escapes such
    an id once more, so it is "not found" and the mutant's run ends in an error."""
    return ascii(value).replace("\\", "~")
