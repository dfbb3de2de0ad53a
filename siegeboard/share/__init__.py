"""The players' own devices: a small read-only web server on the local network that serves
each side's view of the siege (``side_state``, made from ``rules.knowledge.side_view``) to a
page drawn in the browser. No Qt: the window (``ui.controllers.sharing``) and the headless
``siegeboard serve`` command both drive ``ShareServer``."""
