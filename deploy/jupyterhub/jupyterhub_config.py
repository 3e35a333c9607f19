# JupyterHub for the board-game pages: each learner signs in with their name and the class password and
# gets a Jupyter server of their own, with Voila, opened on the gallery. tests/browser/test_jupyterhub.py
# runs exactly this file (with its own ports, state folder and shorter kernel timers) and checks that three
# learners get their boards and that their kernels are shut down after their pages close.
#
# Try it on one machine, as an ordinary user, from the project's folder and with its environment
# (`make .venv/.ready-demo`, then `.venv/bin/pip install jupyterhub configurable-http-proxy`):
#
#     mkdir -p -m 700 ~/bgw-hub
#     BGW_HUB_STATE=~/bgw-hub BGW_CLASS_PASSWORD='at least 8 characters' \
#         .venv/bin/jupyterhub -f deploy/jupyterhub/jupyterhub_config.py
#
# and open http://127.0.0.1:8000/. Lines marked CHANGE are what a school changes. Everything the hub keeps
# (database, cookie secret, pid files, learners' home folders) goes into BGW_HUB_STATE.
#
# As it stands this is for a trial, a workshop or one class on a trusted network, NOT a school's
# production hub: every learner's server runs as the hub's own user (SimpleLocalProcessSpawner), and a
# learner's Jupyter server lets them run code (docs/deploy.md, "Know the difference"), so a learner who
# knows how could read the hub's files and other learners' servers. For a school, change the spawner and
# the sign-in as the comments at those settings say, and run the hub as a user of its own, never root.
import os
import sys
from pathlib import Path

c = get_config()  # noqa: F821 (provided by JupyterHub when it loads this file)

HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent             # the environment the hub runs in (the project's .venv)
# CHANGE (or set BGW_HUB_STATE): a folder only the hub's user can read.
STATE = Path(os.environ.get("BGW_HUB_STATE", "/var/lib/bgw-hub"))

# -- addresses -----------------------------------------------------------------------------------------
# CHANGE: the address learners reach. Keep 127.0.0.1 and put a reverse proxy with TLS in front
# (the nginx block in docs/deploy.md, to port 8000; it must pass websockets).
c.JupyterHub.bind_url = "http://127.0.0.1:8000/"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:8081"           # the hub itself, behind the proxy
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:8001"     # the proxy's own API, for the hub only
# The proxy: the Python configurable-http-proxy from PyPI (no Node.js needed). The npm one works as well:
# `npm install -g configurable-http-proxy` and remove this line.
c.ConfigurableHTTPProxy.command = [str(BIN / "configurable-http-proxy")]

# -- what the hub keeps --------------------------------------------------------------------------------
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
c.ConfigurableHTTPProxy.pid_file = str(STATE / "proxy.pid")

# -- who signs in ----------------------------------------------------------------------------------------
# One password for the class, given in the environment (a systemd unit's EnvironmentFile=, never the
# repository). Anyone with it can sign in under any of the names below.
# CHANGE for a school: the school's own accounts, e.g. the `oauthenticator` package (Google, Microsoft
# Entra ID, GitHub...) or `jupyterhub-ldapauthenticator`; then the password lines go.
c.JupyterHub.authenticator_class = "shared-password"
if not os.environ.get("BGW_CLASS_PASSWORD"):
    sys.exit("Set BGW_CLASS_PASSWORD (8 characters or more) to the class password before starting the hub.")
c.SharedPasswordAuthenticator.user_password = os.environ["BGW_CLASS_PASSWORD"]
# CHANGE: the learners' names, as they type them to sign in.
c.Authenticator.allowed_users = {"ada", "bo", "chen"}

# -- each learner's server -----------------------------------------------------------------------------
# CHANGE for a school: a spawner that fences learners in, e.g. `jupyterhub-systemdspawner` on one machine
# (c.JupyterHub.spawner_class = "systemdspawner.SystemdSpawner", with c.SystemdSpawner.dynamic_users = True,
# mem_limit = "512M", cpu_limit = 1.0), or Zero to JupyterHub on Kubernetes (docs/deploy.md). Keep the
# cmd, args and default_url lines below with either.
c.JupyterHub.spawner_class = "simple"        # SimpleLocalProcessSpawner: all servers run as the hub's user
c.SimpleLocalProcessSpawner.home_dir_template = str(STATE / "home" / "{username}")
c.Spawner.cmd = [str(BIN / "jupyterhub-singleuser")]
# The learner's Jupyter server: the project's folder, the Voila extension, and PageKernelManager.
c.Spawner.args = [f"--config={HERE / 'jupyter_server_config.py'}"]
c.Spawner.default_url = "/voila/render/notebooks/index.ipynb"       # the gallery
# A server starts in 2-5 s; give a loaded machine time.
c.Spawner.start_timeout = 60
c.Spawner.http_timeout = 60
# Learners' servers stop by themselves after an hour without activity (jupyter_server_config.py); the
# hub stops them all when it stops.
c.JupyterHub.cleanup_servers = True
