# Each learner's Jupyter server under JupyterHub: the project's folder, the Voila extension that renders the
# gallery and the play pages under /user/<name>/voila/render/..., and the same care for kernels as
# `python -m widgets.serve` (docs/deploy.md, "What the server does with kernels").
#
# jupyterhub_config.py beside this file starts every learner's server with `--config=<this file>`; in a
# Kubernetes pod (Zero to JupyterHub), mount it as /etc/jupyter/jupyter_server_config.py instead and set
# ROOT below to where the image holds the project (/srv/bgw in docs/deploy.md).
#
# Tests start the servers with shorter timers on the command line (e.g. --PageKernelManager.gone_timeout=3),
# which takes precedence over this file; the values here are the ones docs/deploy.md gives.
import os
from pathlib import Path

c = get_config()  # noqa: F821 (provided by Jupyter when it loads this file)

# CHANGE if this file is not inside the project's deploy/jupyterhub/ folder: the project's folder.
ROOT = Path(__file__).resolve().parents[2]

c.ServerApp.root_dir = str(ROOT)
c.ServerApp.jpserver_extensions = {"voila": True}
# The project's page template: Voila's own, without the stylesheets it would ask a CDN for (a classroom
# without internet gets whole pages). Voila finds it in a Jupyter data folder of the project's.
os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(ROOT / "widgets" / "jupyter"),
                                                           os.environ.get("JUPYTER_PATH")]))
c.VoilaConfiguration.template = "bgw"
# As a server extension Voila would also point the page at MathJax on a CDN (the pages have no formulas).
from widgets.serve import offline_page_config  # noqa: E402 (the project is installed in the servers' Python)

c.VoilaConfiguration.page_config_hook = offline_page_config
# Learners come for the pages, not for a terminal.
c.ServerApp.terminals_enabled = False

# A closed page's kernel goes, an idle one too (widgets/kernels.py).
c.ServerApp.kernel_manager_class = "widgets.kernels.PageKernelManager"
c.PageKernelManager.gone_timeout = 30          # s without a connected page
c.PageKernelManager.cull_idle_timeout = 900    # s without a click, page open or not
c.PageKernelManager.cull_interval = 10         # s between checks
c.PageKernelManager.cull_connected = True
c.PageKernelManager.max_kernels = 4            # pages open at once per learner: about 100 MB each

# A learner's server that has had no kernel and no request for an hour stops by itself (the hub starts it
# again at the learner's next visit), so servers left behind do not hold memory overnight.
c.ServerApp.shutdown_no_activity_timeout = 3600
