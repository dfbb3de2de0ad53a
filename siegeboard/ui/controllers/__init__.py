"""The menus' work: each controller is given the objects it uses and does one menu's job."""
