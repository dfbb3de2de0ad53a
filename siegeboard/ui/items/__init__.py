"""Graphics items of the map scene: they draw stored state and compute no rule."""
