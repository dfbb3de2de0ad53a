"""The map on screen: the scene, the view, and the caches that draw the board."""
