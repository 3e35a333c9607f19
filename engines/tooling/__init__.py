"""Developer tooling: commands of `python -m engines` that read the repository (tests/, tutorials/), not
only the engines. No game and no kernel module imports it."""
