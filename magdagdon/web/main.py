"""PyScript's entry point (``<script type="py" src="./magdagdon/web/main.py">``)."""

from magdagdon.web.app import start

start()
