"""Old maps a GM can draw a siege over (installed as ``siegeboard.maps``; the folder sits at
the top of the repository): each image with a JSON file of the same stem naming it, its source,
its licence and its scale. Data only: ``siegeboard.persist.example_maps`` reads them.
"""
