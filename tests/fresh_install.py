"""The package as a teacher gets it: a wheel of these sources, installed alone into a new virtual environment
outside the repository (issue 34). Used by tests/test_package.py and by `make site-from-package`, which builds
the static site from that installed package (CI's site: the static site's browser tests then check it).

    .venv/bin/python tests/fresh_install.py site OUTPUT     # the static site, built by the installed package

The new environment borrows its dependencies (ipywidgets, bokeh, voila...) from the environment running this,
read as a plain folder on its path (a `.pth` line: that folder's own `.pth` files, among them the editable
install of this repository, are not run), so nothing is downloaded; the project itself comes from the wheel
alone. Its commands run with no PYTHONPATH, from a folder outside the repository.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Installed:
    folder: Path         # where the environment and its runs live
    python: Path         # the new environment's Python
    purelib: Path        # its site-packages, where the wheel went
    wheel: Path
    env: dict            # a teacher's shell: no PYTHONPATH into the repository

    def run(self, *args, cwd: Path | None = None, timeout: int = 900) -> str:
        done = subprocess.run([str(a) for a in args], cwd=cwd or self.folder, env=self.env, capture_output=True,
                              text=True, timeout=timeout)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(map(str, args))} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
        return done.stdout


def _run(*args, **kwargs) -> str:
    done = subprocess.run([str(a) for a in args], capture_output=True, text=True, **kwargs)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, args))} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return done.stdout


def install(folder: Path) -> Installed:
    """Build the wheel from a copy of the sources (so no stale build/ folder of the checkout slips in) and
    install it into `folder`/venv."""
    folder = Path(folder).resolve()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        env[name] = str(folder / "jupyter" / name.lower())
    # The borrowed dependencies' data files (Voila's page templates, the widgets' front end) stay where pip put
    # them, in this environment's share/jupyter; installing them in the new environment would put them there.
    env["JUPYTER_PATH"] = str(Path(sys.prefix) / "share" / "jupyter")
    src = folder / "src"
    shutil.rmtree(src, ignore_errors=True)
    for name in ("engines", "widgets"):
        shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    dist = folder / "dist"
    shutil.rmtree(dist, ignore_errors=True)
    import importlib.util
    # With this environment's setuptools and wheel when it has both (no download); else pip fetches them into a
    # build environment of its own (a fresh venv's setuptools cannot make a wheel without the wheel package).
    local = all(importlib.util.find_spec(name) is not None for name in ("setuptools", "wheel"))
    isolation = ["--no-build-isolation"] if local else []
    _run(sys.executable, "-m", "pip", "wheel", "--no-deps", *isolation, "-q", "-w", dist, src, cwd=folder, env=env)
    (wheel,) = dist.glob("board_game_widgets-*.whl")
    venv = folder / "venv"
    shutil.rmtree(venv, ignore_errors=True)
    _run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=folder, env=env)
    python = venv / "bin" / "python"
    purelib = Path(_run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])",
                        cwd=folder, env=env).strip())
    (purelib / "borrowed_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    _run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "-q", wheel, cwd=folder, env=env)
    return Installed(folder, python, purelib, wheel, env)


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] != "site":
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    output = Path(argv[1]).resolve()
    with tempfile.TemporaryDirectory(prefix="bgw-fresh-") as tmp:
        installed = install(Path(tmp))
        # the build tools and their downloads: the repository's, as `make site` keeps them
        installed.env["BGW_SITE_TOOLS"] = str(ROOT / ".venv-site")
        print(installed.run(installed.python, "-m", "widgets", "site", output, timeout=3600)[-2000:])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
