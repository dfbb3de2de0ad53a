"""The map on screen: the scene, the view, and the caches that keep drawing it cheap.

**The scene is a projection of the document.** ``map_scene.MapScene`` holds one
``structure_item.StructureItem`` per structure (keyed by id: selection, hit-testing, tooltips),
the plan (``map_image_item.MapImageItem``), the grid (``grid_item.GridItem``) and the
batteries, and changes them only from the document's ``Change`` events. ``map_view.MapView``
shows it with wheel zoom, panning and the scale bar (``scale_bar.py``), and hands the mouse to
the current tool. Items draw stored state through ``report.renderer``, the snapshot's painter
too; they compute no rule.

**The stack of caches, bottom to top.** A town holds tens of thousands of structures and the
view is repainted whole on every pan (the scale bar and the timeline lie over the viewport, so
Qt cannot scroll its pixels), so what is costly to draw is drawn once and kept:

1. *The layer* (``structure_layer.StructureLayer``): the structure items draw nothing of their
   own; the layer draws them in chunks of neighbours, in the scene's stacking order, each chunk
   a recorded ``QPicture`` of its footprints replayed at any zoom. Where words, badges or
   patterns show at the painter's zoom (they are drawn in device pixels) a chunk is drawn item
   by item through each item's own ``draw``. An alarmed or dragged item paints itself. The
   layer reads an item only through its public read-only interface (``bounds``, ``box``,
   ``box_width``, ``box_height``, ``outline``, ``style``, ``selected_look``, ``batched``).
2. *The board* (``board.Board``): the plan, the grid and the layer (the ``BoardMember``s, at
   the bottom of the stack: 0, 5, 10) drawn together, over the background, into one opaque
   device pixmap per view, which is the view's background. A member tells the board what it
   drew anew (``forget`` an area, ``clear`` all); where the board does not serve a painter (a
   turned view, a high-density screen, a picture or a printer) the members draw straight to it.
3. *The device cache* (``device_cache.DeviceCache``): the board's pixmaps per view. A pan at
   the same zoom moves the pixmap and draws only the strips that came into view; the pixmaps
   of the last zooms are kept, so a zoom back is a copy. Patterns are tiled from the
   viewport's corner, so patterned structures are drawn again after a move.
4. *Zoom ahead* (``zoom_ahead.ZoomAhead``): while the view rests, the zoom a wheel notch in
   and out is drawn into kept pixmaps, a band of rows at a time between the window's events.
5. *Fast grid lines* (``grid_lines.py``): a row of vertical lines (a column of horizontal
   ones) drawn once and stretched, the same pixels as ``QPainter.drawLines``.

Each cache draws with the same drawing, clipped, over the same background, so the pixels are
the ones drawn straight: a cache changes the cost, never the look.

**Drawing without the caches, for debugging.** With ``SIEGEBOARD_NO_CACHE=1`` in the
environment (``board.caches_wanted``) a new scene keeps no board pixmaps (so nothing is drawn
ahead) and its layer records no pictures: every item is drawn item by item on every paint.
The map must look the same (``tests/ui/board/test_board_caches.py`` compares the pixels);
if it does not, a cache is at fault.
"""
