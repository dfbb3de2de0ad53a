<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name></name>
    <message>
        <source>Dock tabs</source>
        <translation>Dock-Reiter</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>&amp;Neu</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open &amp;Example Map…</source>
        <translation>&amp;Beispielkarte öffnen…</translation>
    </message>
    <message>
        <source>A new siege on an old map shipped with siegeboard (its source and licence shown)</source>
        <translation>Eine neue Belagerung auf einer alten Karte, die mit siegeboard ausgeliefert wird (mit Quelle und Lizenz)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Print…</source>
        <translation>&amp;Drucken…</translation>
    </message>
    <message>
        <source>Print a snapshot of the siege (print preview)</source>
        <translation>Einen Schnappschuss der Belagerung drucken (Druckvorschau)</translation>
    </message>
    <message>
        <source>&amp;Export Snapshot…</source>
        <translation>Schnappschuss &amp;exportieren…</translation>
    </message>
    <message>
        <source>Write a snapshot to PDF, PNG or SVG</source>
        <translation>Einen Schnappschuss als PDF, PNG oder SVG schreiben</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Löschen</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>E&amp;infügen</translation>
    </message>
    <message>
        <source>D&amp;uplicate</source>
        <translation>D&amp;uplizieren</translation>
    </message>
    <message>
        <source>Select &amp;All</source>
        <translation>&amp;Alles auswählen</translation>
    </message>
    <message>
        <source>Rotate 90° Clockwise</source>
        <translation>90° im Uhrzeigersinn drehen</translation>
    </message>
    <message>
        <source>Rotate 90° Anticlockwise</source>
        <translation>90° gegen den Uhrzeigersinn drehen</translation>
    </message>
    <message>
        <source>Rotate By…</source>
        <translation>Drehen um…</translation>
    </message>
    <message>
        <source>S&amp;plit Section</source>
        <translation>Abschnitt &amp;teilen</translation>
    </message>
    <message>
        <source>&amp;Merge Sections</source>
        <translation>Abschnitte &amp;vereinen</translation>
    </message>
    <message>
        <source>Fill In Courtyard</source>
        <translation>Innenhof auffüllen</translation>
    </message>
    <message>
        <source>Fill in the last courtyard of the selected building (cut one with the Polygon tool and Alt held)</source>
        <translation>Den letzten Innenhof des gewählten Gebäudes auffüllen (einen ausschneiden: Polygon-Werkzeug mit gedrückter Alt-Taste)</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>&amp;Vergrößern</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>&amp;Fit to Map</source>
        <translation>An Karte &amp;anpassen</translation>
    </message>
    <message>
        <source>2 m &amp;Grid</source>
        <translation>2-m-&amp;Raster</translation>
    </message>
    <message>
        <source>10 m S&amp;quares</source>
        <translation>10-m-&amp;Felder</translation>
    </message>
    <message>
        <source>Square &amp;Labels</source>
        <translation>Feld&amp;bezeichnungen</translation>
    </message>
    <message>
        <source>+1 &amp;Turn</source>
        <translation>+1 &amp;Runde</translation>
    </message>
    <message>
        <source>Advance the clock one turn (5 s)</source>
        <translation>Die Uhr um eine Runde (5 s) vorstellen</translation>
    </message>
    <message>
        <source>+1 Mi&amp;nute</source>
        <translation>+1 Mi&amp;nute</translation>
    </message>
    <message>
        <source>Advance the clock one minute</source>
        <translation>Die Uhr um eine Minute vorstellen</translation>
    </message>
    <message>
        <source>&amp;Import Image…</source>
        <translation>Bild &amp;importieren…</translation>
    </message>
    <message>
        <source>&amp;Remove Image</source>
        <translation>Bild &amp;entfernen</translation>
    </message>
    <message>
        <source>Set Scale (Pixels per 2 m)…</source>
        <translation>Maßstab festlegen (Pixel pro 2 m)…</translation>
    </message>
    <message>
        <source>R&amp;otate Image…</source>
        <translation>Bild &amp;drehen…</translation>
    </message>
    <message>
        <source>&amp;Lock Image</source>
        <translation>Bild &amp;sperren</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>&amp;Importieren…</translation>
    </message>
    <message>
        <source>E&amp;xport</source>
        <translation>E&amp;xportieren</translation>
    </message>
    <message>
        <source>&amp;Universal VTT…</source>
        <translation>&amp;Universal VTT…</translation>
    </message>
    <message>
        <source>The map as it stands, with its walls, breaches, doors and fires, for a virtual tabletop</source>
        <translation>Die Karte, wie sie steht, mit Mauern, Breschen, Türen und Bränden, für einen virtuellen Spieltisch</translation>
    </message>
    <message>
        <source>&amp;Siege Story…</source>
        <translation>&amp;Belagerungsgeschichte…</translation>
    </message>
    <message>
        <source>The siege told again: an animated GIF or a PDF of the map, an action at a time</source>
        <translation>Die Belagerung noch einmal erzählt: ein animiertes GIF oder ein PDF der Karte, eine Aktion nach der anderen</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>Anordnung &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>&amp;Map</source>
        <translation>&amp;Karte</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Werkzeuge</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Werkzeuge</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>&amp;Spiel</translation>
    </message>
    <message>
        <source>Siege &amp;Settings…</source>
        <translation>Belagerungs&amp;einstellungen…</translation>
    </message>
    <message>
        <source>The siege&apos;s name, dice seed and the ruleset&apos;s options</source>
        <translation>Name der Belagerung, Würfelsaat und die Optionen des Regelwerks</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Spiel</translation>
    </message>
    <message>
        <source>  Table dice </source>
        <translation>  Tischwürfel </translation>
    </message>
    <message>
        <source>View</source>
        <translation>Ansicht</translation>
    </message>
    <message>
        <source>  Plan </source>
        <translation>  Plan </translation>
    </message>
    <message>
        <source>Tool Options</source>
        <translation>Werkzeugoptionen</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>How siegeboard &amp;Reads the Rules</source>
        <translation>Wie siegeboard die Regeln &amp;liest</translation>
    </message>
    <message>
        <source>The plan is locked (click to unlock)</source>
        <translation>Der Plan ist gesperrt (zum Entsperren klicken)</translation>
    </message>
    <message>
        <source>Lock the plan in place</source>
        <translation>Den Plan an seinem Platz sperren</translation>
    </message>
    <message>
        <source>Decoding the map image</source>
        <translation>Kartenbild wird dekodiert</translation>
    </message>
    <message>
        <source>Preparing the map image</source>
        <translation>Kartenbild wird vorbereitet</translation>
    </message>
    <message>
        <source>Drawing the structures</source>
        <translation>Bauwerke werden gezeichnet</translation>
    </message>
    <message>
        <source>delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>rotate</source>
        <translation>Drehen</translation>
    </message>
    <message>
        <source>Rotate</source>
        <translation>Drehen</translation>
    </message>
    <message>
        <source>Degrees clockwise</source>
        <translation>Grad im Uhrzeigersinn</translation>
    </message>
    <message>
        <source>split</source>
        <translation>Teilen</translation>
    </message>
    <message>
        <source>This building has no courtyard to fill in.</source>
        <translation>Dieses Gebäude hat keinen Innenhof zum Auffüllen.</translation>
    </message>
    <message>
        <source>fill in a courtyard</source>
        <translation>Innenhof auffüllen</translation>
    </message>
    <message>
        <source>merge</source>
        <translation>Vereinen</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>Untitled.siege</source>
        <translation>Unbenannt.siege</translation>
    </message>
    <message>
        <source>Reading {name}</source>
        <translation>{name} wird gelesen</translation>
    </message>
    <message>
        <source>Recovering the autosave</source>
        <translation>Automatische Sicherung wird wiederhergestellt</translation>
    </message>
    <message>
        <source>Cannot recover the autosave: {error}. It is kept in {path}.</source>
        <translation>Die automatische Sicherung kann nicht wiederhergestellt werden: {error}. Sie bleibt in {path} erhalten.</translation>
    </message>
    <message>
        <source>Recovery cancelled: the autosave is kept in {path}.</source>
        <translation>Wiederherstellung abgebrochen: Die automatische Sicherung bleibt in {path} erhalten.</translation>
    </message>
    <message>
        <source>a new file</source>
        <translation>eine neue Datei</translation>
    </message>
    <message>
        <source>Recovered the autosave of {astimezone:%H:%M}. Save goes to {where}.</source>
        <translation>Automatische Sicherung von {astimezone:%H:%M} wiederhergestellt. Speichern schreibt nach {where}.</translation>
    </message>
    <message numerus="yes">
        <source>Recovered the autosave and %n later change, but {problem}.</source>
        <translation>
            <numerusform>Automatische Sicherung und %n spätere Änderung wiederhergestellt, aber {problem}.</numerusform>
            <numerusform>Automatische Sicherung und %n spätere Änderungen wiederhergestellt, aber {problem}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Recovered the autosave and %n later changes, but {problem}.</source>
        <translation>
            <numerusform>Automatische Sicherung und %n spätere Änderung wiederhergestellt, aber {problem}.</numerusform>
            <numerusform>Automatische Sicherung und %n spätere Änderungen wiederhergestellt, aber {problem}.</numerusform>
        </translation>
    </message>
    <message>
        <source>New siege</source>
        <translation>Neue Belagerung</translation>
    </message>
    <message>
        <source>Rule text</source>
        <translation>Regeltext</translation>
    </message>
    <message>
        <source>Untitled siege</source>
        <translation>Unbenannte Belagerung</translation>
    </message>
    <message>
        <source>Opening {name}</source>
        <translation>{name} wird geöffnet</translation>
    </message>
    <message>
        <source>Cannot open {name}: {error}.</source>
        <translation>{name} kann nicht geöffnet werden: {error}.</translation>
    </message>
    <message>
        <source>Opening {name} cancelled: nothing has changed.</source>
        <translation>Öffnen von {name} abgebrochen: Nichts wurde geändert.</translation>
    </message>
    <message numerus="yes">
        <source>Opened {name}: %n structure.</source>
        <translation>
            <numerusform>{name} geöffnet: %n Bauwerk.</numerusform>
            <numerusform>{name} geöffnet: %n Bauwerke.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Opened {name}: %n structures.</source>
        <translation>
            <numerusform>{name} geöffnet: %n Bauwerk.</numerusform>
            <numerusform>{name} geöffnet: %n Bauwerke.</numerusform>
        </translation>
    </message>
    <message>
        <source>Not saved: {error}.</source>
        <translation>Nicht gespeichert: {error}.</translation>
    </message>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} gespeichert.</translation>
    </message>
    <message>
        <source>Cannot reload {name}: {error}. Nothing was changed.</source>
        <translation>{name} kann nicht neu geladen werden: {error}. Nichts wurde geändert.</translation>
    </message>
    <message>
        <source>- (no actions to play again)</source>
        <translation>- (keine Aktionen erneut zu spielen)</translation>
    </message>
    <message>
        <source>Reloaded {name} as it is now and played this window&apos;s unsaved actions again on top of it:
{lines}

Not saved yet: look it over, then save.</source>
        <translation>{name} wurde im jetzigen Stand neu geladen und die ungespeicherten Aktionen dieses Fensters darauf erneut gespielt:
{lines}

Noch nicht gespeichert: erst prüfen, dann speichern.</translation>
    </message>
    <message>
        <source>The plan&apos;s opacity: fade a coloured plan so the structures&apos; fills read over it (kept per siege)</source>
        <translation>Deckkraft des Plans: einen farbigen Plan abschwächen, damit die Füllungen der Bauwerke darüber lesbar bleiben (je Belagerung gespeichert)</translation>
    </message>
    <message>
        <source>Cannot import {name}: use a PNG, JPEG, TIFF, WEBP or BMP image.</source>
        <translation>{name} kann nicht importiert werden: Bitte ein PNG-, JPEG-, TIFF-, WEBP- oder BMP-Bild verwenden.</translation>
    </message>
    <message>
        <source>Cannot import {name}: {value}.</source>
        <translation>{name} kann nicht importiert werden: {value}.</translation>
    </message>
    <message>
        <source>Cannot import {name}: {error}. The map is unchanged.</source>
        <translation>{name} kann nicht importiert werden: {error}. Die Karte ist unverändert.</translation>
    </message>
    <message>
        <source>The plan under the board is locked. Replace it with {name}? The structures stay where they are; Undo brings the old plan back.</source>
        <translation>Der Plan unter dem Brett ist gesperrt. Durch {name} ersetzen? Die Bauwerke bleiben, wo sie sind; Rückgängig holt den alten Plan zurück.</translation>
    </message>
    <message>
        <source>Replace Plan</source>
        <translation>Plan ersetzen</translation>
    </message>
    <message>
        <source>{name} not imported: the locked plan is kept.</source>
        <translation>{name} nicht importiert: Der gesperrte Plan bleibt.</translation>
    </message>
    <message>
        <source>locked in place</source>
        <translation>an seinem Platz gesperrt</translation>
    </message>
    <message>
        <source>not locked</source>
        <translation>nicht gesperrt</translation>
    </message>
    <message>
        <source>Imported {name}, {locked} (Map &gt; Lock Image). Calibrate it: Map &gt; Calibrate (C), click two points, type the distance.</source>
        <translation>{name} importiert, {locked} (Karte &gt; Bild sperren). Jetzt kalibrieren: Karte &gt; Kalibrieren (C), zwei Punkte anklicken, die Entfernung eingeben.</translation>
    </message>
    <message>
        <source>The plan is locked, so it cannot be removed. Unlock it first (Map &gt; Lock Image).</source>
        <translation>Der Plan ist gesperrt und kann daher nicht entfernt werden. Zuerst entsperren (Karte &gt; Bild sperren).</translation>
    </message>
    <message>
        <source>Remove the plan from under the board? The structures stay; Undo brings the plan back.</source>
        <translation>Den Plan unter dem Brett entfernen? Die Bauwerke bleiben; Rückgängig holt den Plan zurück.</translation>
    </message>
    <message>
        <source>Remove Plan</source>
        <translation>Plan entfernen</translation>
    </message>
    <message>
        <source>Map scale</source>
        <translation>Kartenmaßstab</translation>
    </message>
    <message>
        <source>Image pixels per 2 m:</source>
        <translation>Bildpixel pro 2 m:</translation>
    </message>
    <message>
        <source>The scale must be more than 0 pixels per 2 m, not {pixels:g}. The map&apos;s scale is unchanged.</source>
        <translation>Der Maßstab muss größer als 0 Pixel pro 2 m sein, nicht {pixels:g}. Der Kartenmaßstab ist unverändert.</translation>
    </message>
    <message>
        <source>The plan is locked. Rescale it to {pixels:g} pixels per 2 m? The structures stay where they are; Undo brings the old scale back.</source>
        <translation>Der Plan ist gesperrt. Auf {pixels:g} Pixel pro 2 m umskalieren? Die Bauwerke bleiben, wo sie sind; Rückgängig stellt den alten Maßstab wieder her.</translation>
    </message>
    <message>
        <source>Rescale Plan</source>
        <translation>Plan umskalieren</translation>
    </message>
    <message>
        <source>calibrate</source>
        <translation>Kalibrieren</translation>
    </message>
    <message>
        <source>The map image is locked: unlock it (Map &gt; Lock Image) to rotate it.</source>
        <translation>Das Kartenbild ist gesperrt: zum Drehen entsperren (Karte &gt; Bild sperren).</translation>
    </message>
    <message>
        <source>Rotate map image</source>
        <translation>Kartenbild drehen</translation>
    </message>
    <message>
        <source>Rotation in degrees (clockwise):</source>
        <translation>Drehung in Grad (im Uhrzeigersinn):</translation>
    </message>
    <message>
        <source>rotate the image</source>
        <translation>Bild drehen</translation>
    </message>
    <message>
        <source>The plan is locked: it cannot be moved, rotated or removed, and replacing or rescaling it asks first.</source>
        <translation>Der Plan ist gesperrt: Er kann nicht verschoben, gedreht oder entfernt werden, und vor dem Ersetzen oder Umskalieren wird nachgefragt.</translation>
    </message>
    <message>
        <source>The plan is unlocked: it can be moved, rotated and removed.</source>
        <translation>Der Plan ist entsperrt: Er kann verschoben, gedreht und entfernt werden.</translation>
    </message>
    <message>
        <source>blank: the program rolls</source>
        <translation>leer: das Programm würfelt</translation>
    </message>
    <message>
        <source>Type dice rolled at the table in advance (e.g. 3 5 6): the next action uses them first and the program rolls the rest. Cleared once used.</source>
        <translation>Am Tisch geworfene Würfel vorab eingeben (z. B. 3 5 6): Die nächste Aktion verwendet zuerst diese, den Rest würfelt das Programm. Wird nach Gebrauch geleert.</translation>
    </message>
    <message>
        <source>Ask Me for Each &amp;Roll</source>
        <translation>Bei jedem &amp;Wurf nachfragen</translation>
    </message>
    <message>
        <source>For a shot, demolition, task, mine or scene, ask for each roll as it is needed (a clock advance rolls its own dice)</source>
        <translation>Bei Schuss, Abriss, Aufgabe, Mine oder Szene jeden Wurf einzeln erfragen, wenn er gebraucht wird (ein Vorstellen der Uhr würfelt selbst)</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Ja</translation>
    </message>
    <message>
        <source>{title}: cancelled. Nothing has changed.</source>
        <translation>{title}: abgebrochen. Nichts wurde geändert.</translation>
    </message>
    <message>
        <source>{title}: {error}. Nothing has changed.</source>
        <translation>{title}: {error}. Nichts wurde geändert.</translation>
    </message>
    <message>
        <source>{title}: {rstrip}. Nothing has changed.</source>
        <translation>{title}: {rstrip}. Nichts wurde geändert.</translation>
    </message>
    <message numerus="yes">
        <source> (the clock rolled its own %n die)</source>
        <translation>
            <numerusform> (die Uhr hat ihren %n Würfel selbst geworfen)</numerusform>
            <numerusform> (die Uhr hat ihre %n Würfel selbst geworfen)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (the clock rolled its own %n dice)</source>
        <translation>
            <numerusform> (die Uhr hat ihren %n Würfel selbst geworfen)</numerusform>
            <numerusform> (die Uhr hat ihre %n Würfel selbst geworfen)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (the program rolled the %n dice not typed)</source>
        <translation>
            <numerusform> (das Programm hat den %n nicht eingegebenen Würfel geworfen)</numerusform>
            <numerusform> (das Programm hat die %n nicht eingegebenen Würfel geworfen)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n typed die was not needed: {unused})</source>
        <translation>
            <numerusform> (%n eingegebener Würfel wurde nicht gebraucht: {unused})</numerusform>
            <numerusform> (%n eingegebene Würfel wurden nicht gebraucht: {unused})</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n typed dice were not needed: {unused})</source>
        <translation>
            <numerusform> (%n eingegebener Würfel wurde nicht gebraucht: {unused})</numerusform>
            <numerusform> (%n eingegebene Würfel wurden nicht gebraucht: {unused})</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{title}: %n of the dice typed was not needed ({unused}); the action used the first ones.</source>
        <translation>
            <numerusform>{title}: %n der eingegebenen Würfel wurde nicht gebraucht ({unused}); die Aktion hat die ersten verwendet.</numerusform>
            <numerusform>{title}: %n der eingegebenen Würfel wurden nicht gebraucht ({unused}); die Aktion hat die ersten verwendet.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{title}: %n of the dice typed were not needed ({unused}); the action used the first ones.</source>
        <translation>
            <numerusform>{title}: %n der eingegebenen Würfel wurde nicht gebraucht ({unused}); die Aktion hat die ersten verwendet.</numerusform>
            <numerusform>{title}: %n der eingegebenen Würfel wurden nicht gebraucht ({unused}); die Aktion hat die ersten verwendet.</numerusform>
        </translation>
    </message>
    <message>
        <source>Siege settings changed.</source>
        <translation>Belagerungseinstellungen geändert.</translation>
    </message>
    <message>
        <source>siegeboard — the players&apos; screen</source>
        <translation>siegeboard — der Bildschirm der Spieler</translation>
    </message>
    <message>
        <source>&amp;Players&apos; Screen</source>
        <translation>&amp;Spielerbildschirm</translation>
    </message>
    <message>
        <source>A second window for the players: their view of the siege, live (B there blanks it)</source>
        <translation>Ein zweites Fenster für die Spieler: ihre Sicht auf die Belagerung, live (B blendet es dort aus)</translation>
    </message>
    <message>
        <source>Players Follow My View</source>
        <translation>Spieler folgen meiner Ansicht</translation>
    </message>
    <message>
        <source>Show Them the Selection</source>
        <translation>Ihnen die Auswahl zeigen</translation>
    </message>
    <message>
        <source>Show Them My View (and Keep It)</source>
        <translation>Ihnen meine Ansicht zeigen (und halten)</translation>
    </message>
    <message>
        <source>Blank the Players&apos; Screen</source>
        <translation>Spielerbildschirm ausblenden</translation>
    </message>
    <message>
        <source>Either Side</source>
        <translation>Beide Seiten</translation>
    </message>
    <message>
        <source>The Besiegers</source>
        <translation>Die Belagerer</translation>
    </message>
    <message>
        <source>The Defenders</source>
        <translation>Die Verteidiger</translation>
    </message>
    <message>
        <source>Players&apos; Screen On</source>
        <translation>Spielerbildschirm an</translation>
    </message>
    <message>
        <source>The Players Play</source>
        <translation>Die Spieler spielen</translation>
    </message>
    <message>
        <source>Full Screen on {name} ({width} x {height})</source>
        <translation>Vollbild auf {name} ({width} x {height})</translation>
    </message>
    <message>
        <source>A Window</source>
        <translation>Ein Fenster</translation>
    </message>
    <message>
        <source>Select what to show the players first.</source>
        <translation>Erst auswählen, was den Spielern gezeigt werden soll.</translation>
    </message>
    <message>
        <source>Share with &amp;Players...</source>
        <translation>Mit den &amp;Spielern teilen...</translation>
    </message>
    <message>
        <source>Serve the players&apos; view to their own phones and tablets on the local network: a link for each side</source>
        <translation>Die Sicht der Spieler im lokalen Netz an ihre eigenen Telefone und Tablets liefern: ein Link je Seite</translation>
    </message>
    <message>
        <source>Exporting the snapshot</source>
        <translation>Schnappschuss wird exportiert</translation>
    </message>
    <message>
        <source>No snapshot written: {error}.</source>
        <translation>Kein Schnappschuss geschrieben: {error}.</translation>
    </message>
    <message>
        <source>Snapshot export cancelled: nothing written.</source>
        <translation>Export des Schnappschusses abgebrochen: Nichts wurde geschrieben.</translation>
    </message>
    <message>
        <source>Snapshot written: {count} files, {name} to {name2}{sheets}.</source>
        <translation>Schnappschuss geschrieben: {count} Dateien, {name} bis {name2}{sheets}.</translation>
    </message>
    <message>
        <source>Snapshot written to {name}{sheets}.</source>
        <translation>Schnappschuss nach {name}{sheets} geschrieben.</translation>
    </message>
    <message>
        <source>Print snapshot</source>
        <translation>Schnappschuss drucken</translation>
    </message>
    <message>
        <source>Printing the snapshot</source>
        <translation>Schnappschuss wird gedruckt</translation>
    </message>
    <message>
        <source>Cannot print the snapshot: {error}.</source>
        <translation>Der Schnappschuss kann nicht gedruckt werden: {error}.</translation>
    </message>
    <message>
        <source>Printing cancelled: nothing printed.</source>
        <translation>Drucken abgebrochen: Nichts wurde gedruckt.</translation>
    </message>
    <message>
        <source>Printing cancelled: {sent} of {total} pages went to the printer.</source>
        <translation>Drucken abgebrochen: {sent} von {total} Seiten gingen an den Drucker.</translation>
    </message>
    <message>
        <source>&lt;h3&gt;siegeboard {version}&lt;/h3&gt;&lt;p&gt;A siege board for tabletop game masters: structures with area, armor and hit points; fire, collapse and breaches, every number explained.&lt;/p&gt;&lt;p&gt;Rule texts: </source>
        <translation>&lt;h3&gt;siegeboard {version}&lt;/h3&gt;&lt;p&gt;Ein Belagerungsbrett für Spielleiter am Spieltisch: Bauwerke mit Fläche, Panzerung und Trefferpunkten; Feuer, Einsturz und Breschen, jede Zahl erklärt.&lt;/p&gt;&lt;p&gt;Regeltexte: </translation>
    </message>
    <message>
        <source>.&lt;/p&gt;&lt;p&gt;Python {python_version}, Qt {qVersion}, PySide6 {version}.&lt;br&gt;siegeboard is MIT-licensed; Qt and PySide6 are used under the LGPL v3.&lt;/p&gt;</source>
        <translation>.&lt;/p&gt;&lt;p&gt;Python {python_version}, Qt {qVersion}, PySide6 {version}.&lt;br&gt;siegeboard steht unter der MIT-Lizenz; Qt und PySide6 werden unter der LGPL v3 verwendet.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Qt 6 and PySide6</source>
        <translation>Qt 6 und PySide6</translation>
    </message>
    <message>
        <source>the window, printing and PDF</source>
        <translation>das Fenster, Drucken und PDF</translation>
    </message>
    <message>
        <source>Shapely and GEOS</source>
        <translation>Shapely und GEOS</translation>
    </message>
    <message>
        <source>footprints and squares</source>
        <translation>Grundrisse und Felder</translation>
    </message>
    <message>
        <source>needed by Shapely</source>
        <translation>von Shapely benötigt</translation>
    </message>
    <message>
        <source>checking every file read</source>
        <translation>Prüfung jeder gelesenen Datei</translation>
    </message>
    <message>
        <source>where settings and autosaves live</source>
        <translation>wo Einstellungen und automatische Sicherungen liegen</translation>
    </message>
    <message>
        <source>reading plan images</source>
        <translation>Lesen von Planbildern</translation>
    </message>
    <message>
        <source>&lt;p&gt;Built on:&lt;/p&gt;&lt;table&gt;</source>
        <translation>&lt;p&gt;Aufgebaut auf:&lt;/p&gt;&lt;table&gt;</translation>
    </message>
    <message>
        <source>&lt;/table&gt;&lt;p&gt;The icons are siegeboard&apos;s own (MIT).&lt;/p&gt;</source>
        <translation>&lt;/table&gt;&lt;p&gt;Die Symbole sind siegeboards eigene (MIT).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;About siegeboard</source>
        <translation>Über &amp;siegeboard</translation>
    </message>
    <message>
        <source>About siegeboard</source>
        <translation>Über siegeboard</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <source>type the die rolled, e.g. {value}</source>
        <translation>den geworfenen Würfel eingeben, z. B. {value}</translation>
    </message>
    <message>
        <source>type the {count} dice with spaces ({spaced}) or run together, each die one digit ({example}{value})</source>
        <translation>die {count} Würfel mit Leerzeichen ({spaced}) oder zusammengeschrieben eingeben, jeder Würfel eine Ziffer ({example}{value})</translation>
    </message>
    <message>
        <source>type the {count} dice with spaces, e.g. {spaced}</source>
        <translation>die {count} Würfel mit Leerzeichen eingeben, z. B. {spaced}</translation>
    </message>
    <message>
        <source>{dice}, or only their total, {count} to {value} (e.g. {middle}, or ={middle})</source>
        <translation>{dice}, oder nur ihre Summe, {count} bis {value} (z. B. {middle} oder ={middle})</translation>
    </message>
    <message>
        <source>Only the total counts here: the total alone will do.</source>
        <translation>Hier zählt nur die Summe: Die Summe allein genügt.</translation>
    </message>
    <message>
        <source>Each die is read on its own here: type every die, not their total.</source>
        <translation>Hier wird jeder Würfel einzeln gelesen: jeden Würfel eingeben, nicht ihre Summe.</translation>
    </message>
    <message>
        <source>{strip!r} are not dice: {form}</source>
        <translation>{strip!r} sind keine Würfel: {form}</translation>
    </message>
    <message>
        <source>Roll at the table</source>
        <translation>Am Tisch würfeln</translation>
    </message>
    <message numerus="yes">
        <source>the %n die rolled, e.g. {example}</source>
        <translation>
            <numerusform>der %n geworfene Würfel, z. B. {example}</numerusform>
            <numerusform>die %n geworfenen Würfel, z. B. {example}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the %n dice rolled, e.g. {example}</source>
        <translation>
            <numerusform>der %n geworfene Würfel, z. B. {example}</numerusform>
            <numerusform>die %n geworfenen Würfel, z. B. {example}</numerusform>
        </translation>
    </message>
    <message>
        <source>, or their total, {count} to {value}</source>
        <translation>, oder ihre Summe, {count} bis {value}</translation>
    </message>
    <message>
        <source>Dice rolled</source>
        <translation>Geworfene Würfel</translation>
    </message>
    <message>
        <source>Use these dice</source>
        <translation>Diese Würfel verwenden</translation>
    </message>
    <message>
        <source>Roll these for me</source>
        <translation>Diese für mich würfeln</translation>
    </message>
    <message>
        <source>Cancel the action</source>
        <translation>Aktion abbrechen</translation>
    </message>
    <message>
        <source>Total {values} of {count}D{sides} (kept as the dice {values2})</source>
        <translation>Summe {values} aus {count}W{sides} (als die Würfel {values2} behalten)</translation>
    </message>
    <message>
        <source>{min} of {count} dice: {grouped}</source>
        <translation>{min} von {count} Würfeln: {grouped}</translation>
    </message>
    <message>
        <source>cancelled at {count}</source>
        <translation>abgebrochen bei {count}</translation>
    </message>
    <message>
        <source>{lines}

siegeboard {version}, Python {python_version}, PySide6 {PYSIDE_VERSION} (Qt {qVersion}), {platform}</source>
        <translation>{lines}

siegeboard {version}, Python {python_version}, PySide6 {PYSIDE_VERSION} (Qt {qVersion}), {platform}</translation>
    </message>
    <message>
        <source>siegeboard: something went wrong</source>
        <translation>siegeboard: Etwas ist schiefgegangen</translation>
    </message>
    <message>
        <source>siegeboard met an error it did not expect. What you were doing may not have finished; save your work under a new name to be safe. The report below says what happened: copy it into a bug report.</source>
        <translation>siegeboard ist auf einen unerwarteten Fehler gestoßen. Was gerade lief, ist vielleicht nicht fertig geworden; zur Sicherheit die Arbeit unter einem neuen Namen speichern. Der Bericht unten sagt, was geschehen ist: ihn in eine Fehlermeldung kopieren.</translation>
    </message>
    <message>
        <source>&amp;Copy Report</source>
        <translation>Bericht &amp;kopieren</translation>
    </message>
    <message>
        <source>{pixels_per_metre:g} pixels a metre ({escape}); calibrate it again for a closer figure</source>
        <translation>{pixels_per_metre:g} Pixel pro Meter ({escape}); für einen genaueren Wert neu kalibrieren</translation>
    </message>
    <message>
        <source>not shown on the map: calibrate it (Map &amp;gt; Calibrate) after it opens</source>
        <translation>nicht auf der Karte angegeben: nach dem Öffnen kalibrieren (Karte &amp;gt; Kalibrieren)</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;{name}&lt;/b&gt;&lt;/p&gt;&lt;p&gt;{description}&lt;/p&gt;&lt;p&gt;&lt;b&gt;Source:&lt;/b&gt; {source}&lt;/p&gt;&lt;p&gt;&lt;b&gt;Licence:&lt;/b&gt; {licence}&lt;/p&gt;&lt;p&gt;&lt;b&gt;Scale:&lt;/b&gt; {scale}&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;{name}&lt;/b&gt;&lt;/p&gt;&lt;p&gt;{description}&lt;/p&gt;&lt;p&gt;&lt;b&gt;Quelle:&lt;/b&gt; {source}&lt;/p&gt;&lt;p&gt;&lt;b&gt;Lizenz:&lt;/b&gt; {licence}&lt;/p&gt;&lt;p&gt;&lt;b&gt;Maßstab:&lt;/b&gt; {scale}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Open Example Map</source>
        <translation>Beispielkarte öffnen</translation>
    </message>
    <message>
        <source>Example maps</source>
        <translation>Beispielkarten</translation>
    </message>
    <message>
        <source>&amp;Start Siege</source>
        <translation>Belagerung &amp;beginnen</translation>
    </message>
    <message>
        <source>&amp;Rule text:</source>
        <translation>&amp;Regeltext:</translation>
    </message>
    <message>
        <source>Cannot list the example maps: {error}.</source>
        <translation>Die Beispielkarten können nicht aufgelistet werden: {error}.</translation>
    </message>
    <message>
        <source>No example maps are installed with this copy of siegeboard.</source>
        <translation>Mit dieser Kopie von siegeboard sind keine Beispielkarten installiert.</translation>
    </message>
    <message>
        <source>Cannot open the example map {name}: {error}. The open siege is unchanged.</source>
        <translation>Die Beispielkarte {name} kann nicht geöffnet werden: {error}. Die offene Belagerung ist unverändert.</translation>
    </message>
    <message>
        <source>at its own scale; Map &gt; Calibrate (C) checks it</source>
        <translation>in ihrem eigenen Maßstab; Karte &gt; Kalibrieren (C) prüft ihn</translation>
    </message>
    <message>
        <source>not yet calibrated: Map &gt; Calibrate (C), click two points, type the distance</source>
        <translation>noch nicht kalibriert: Karte &gt; Kalibrieren (C), zwei Punkte anklicken, die Entfernung eingeben</translation>
    </message>
    <message>
        <source>A new siege on {name} ({value}), {scale}. Undo takes the plan away.</source>
        <translation>Eine neue Belagerung auf {name} ({value}), {scale}. Rückgängig nimmt den Plan weg.</translation>
    </message>
    <message>
        <source>PDF (*.pdf);;PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PDF (*.pdf);;PNG-Bild (*.png);;SVG-Zeichnung (*.svg)</translation>
    </message>
    <message>
        <source>Fit the whole map to the page</source>
        <translation>Die ganze Karte auf die Seite einpassen</translation>
    </message>
    <message>
        <source>The current view</source>
        <translation>Die aktuelle Ansicht</translation>
    </message>
    <message>
        <source>Scale 1:500 (tiled over pages)</source>
        <translation>Maßstab 1:500 (über mehrere Seiten gekachelt)</translation>
    </message>
    <message>
        <source>Scale 1:1000 (tiled over pages)</source>
        <translation>Maßstab 1:1000 (über mehrere Seiten gekachelt)</translation>
    </message>
    <message>
        <source>besiegers</source>
        <translation>Belagerer</translation>
    </message>
    <message>
        <source>defenders</source>
        <translation>Verteidiger</translation>
    </message>
    <message>
        <source>The siege&apos;s players ({players})</source>
        <translation>Die Spieler der Belagerung ({players})</translation>
    </message>
    <message>
        <source>The besiegers</source>
        <translation>Die Belagerer</translation>
    </message>
    <message>
        <source>The defenders</source>
        <translation>Die Verteidiger</translation>
    </message>
    <message>
        <source>Export snapshot</source>
        <translation>Schnappschuss exportieren</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Auswählen…</translation>
    </message>
    <message>
        <source>GM&apos;s copy (every figure and note)</source>
        <translation>Kopie des Spielleiters (jede Zahl und Notiz)</translation>
    </message>
    <message>
        <source>Players&apos; copy (what they can see)</source>
        <translation>Kopie der Spieler (was sie sehen können)</translation>
    </message>
    <message>
        <source>Colour</source>
        <translation>Farbe</translation>
    </message>
    <message>
        <source>Greyscale</source>
        <translation>Graustufen</translation>
    </message>
    <message>
        <source>Landscape</source>
        <translation>Querformat</translation>
    </message>
    <message>
        <source>Portrait</source>
        <translation>Hochformat</translation>
    </message>
    <message>
        <source>the last snapshot (turn {last_snapshot})</source>
        <translation>dem letzten Schnappschuss (Runde {last_snapshot})</translation>
    </message>
    <message>
        <source>the last snapshot (none yet: the whole log)</source>
        <translation>dem letzten Schnappschuss (noch keiner: das ganze Protokoll)</translation>
    </message>
    <message>
        <source>turn </source>
        <translation>Runde </translation>
    </message>
    <message>
        <source>Every page, a file each (NAME-2, NAME-3…)</source>
        <translation>Jede Seite als eigene Datei (NAME-2, NAME-3…)</translation>
    </message>
    <message>
        <source>A PNG or SVG holds one page, the map; tick to write the table&apos;s and the log&apos;s pages too. A PDF holds every page.</source>
        <translation>Ein PNG oder SVG enthält eine Seite, die Karte; ankreuzen, um auch die Seiten der Tabelle und des Protokolls zu schreiben. Ein PDF enthält jede Seite.</translation>
    </message>
    <message>
        <source>File (.pdf, .png, .svg)</source>
        <translation>Datei (.pdf, .png, .svg)</translation>
    </message>
    <message>
        <source>Pages</source>
        <translation>Seiten</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopie</translation>
    </message>
    <message>
        <source>The players play</source>
        <translation>Die Spieler spielen</translation>
    </message>
    <message>
        <source>Paper</source>
        <translation>Papier</translation>
    </message>
    <message>
        <source>Orientation</source>
        <translation>Ausrichtung</translation>
    </message>
    <message>
        <source>Map</source>
        <translation>Karte</translation>
    </message>
    <message>
        <source>Log since</source>
        <translation>Protokoll seit</translation>
    </message>
    <message>
        <source>Preview…</source>
        <translation>Vorschau…</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>file: choose a file name ending in .pdf, .png or .svg</source>
        <translation>Datei: einen Dateinamen auf .pdf, .png oder .svg wählen</translation>
    </message>
    <message>
        <source>file: {name} must end in .pdf, .png or .svg (the extension picks the format)</source>
        <translation>Datei: {name} muss auf .pdf, .png oder .svg enden (die Endung bestimmt das Format)</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
    <message>
        <source>Space-drag or the middle button pans the map; the wheel zooms about the pointer. Hold Alt while drawing to place a point off the grid. Without the mouse: F, then a square (D6) and Enter fires at what it names; N and Shift+N step through the structures; Alt+digits and F6 move between the map and the docks, Tab within one.</source>
        <translation>Leertaste gedrückt ziehen oder die mittlere Maustaste verschiebt die Karte; das Mausrad zoomt um den Zeiger. Beim Zeichnen Alt halten, um einen Punkt abseits des Rasters zu setzen. Ohne Maus: F, dann ein Feld (D6) und Enter feuert auf das, was es benennt; N und Umschalt+N gehen die Bauwerke durch; Alt+Ziffern und F6 wechseln zwischen Karte und Docks, Tab innerhalb eines Docks.</translation>
    </message>
    <message>
        <source>How siegeboard reads the rules</source>
        <translation>Wie siegeboard die Regeln liest</translation>
    </message>
    <message>
        <source>How this program reads the two rule texts it plays (the texts themselves are not included).</source>
        <translation>Wie dieses Programm die beiden Regeltexte liest, die es spielt (die Texte selbst sind nicht enthalten).</translation>
    </message>
    <message>
        <source>5 ft (1.524 m)</source>
        <translation>5 ft (1,524 m)</translation>
    </message>
    <message>
        <source>10 ft (3.048 m)</source>
        <translation>10 ft (3,048 m)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Import {name}</source>
        <translation>{name} importieren</translation>
    </message>
    <message>
        <source>Other (type it)</source>
        <translation>Anderer Wert (eingeben)</translation>
    </message>
    <message>
        <source>wall sections</source>
        <translation>Mauerabschnitte</translation>
    </message>
    <message>
        <source>one building each</source>
        <translation>je ein Gebäude</translation>
    </message>
    <message>
        <source>Bring object outlines (pillars, furniture) in</source>
        <translation>Umrisse von Objekten (Säulen, Möbel) übernehmen</translation>
    </message>
    <message>
        <source> dpi</source>
        <translation> dpi</translation>
    </message>
    <message>
        <source>The resolution the page is drawn at: a scanned plan reads best at its own (often 150 to 300 dpi)</source>
        <translation>Die Auflösung, mit der die Seite gezeichnet wird: Ein gescannter Plan liest sich am besten in seiner eigenen (oft 150 bis 300 dpi)</translation>
    </message>
    <message>
        <source>Update preview</source>
        <translation>Vorschau aktualisieren</translation>
    </message>
    <message>
        <source>Ruleset</source>
        <translation>Regelwerk</translation>
    </message>
    <message>
        <source>Page</source>
        <translation>Seite</translation>
    </message>
    <message>
        <source>Resolution</source>
        <translation>Auflösung</translation>
    </message>
    <message>
        <source>Scene</source>
        <translation>Szene</translation>
    </message>
    <message>
        <source>One grid cell is</source>
        <translation>Eine Rasterzelle ist</translation>
    </message>
    <message>
        <source>A cell of unknown unit is</source>
        <translation>Eine Zelle unbekannter Einheit ist</translation>
    </message>
    <message>
        <source>Walls are</source>
        <translation>Mauern sind</translation>
    </message>
    <message>
        <source>Wall thickness</source>
        <translation>Mauerstärke</translation>
    </message>
    <message>
        <source>Stories</source>
        <translation>Stockwerke</translation>
    </message>
    <message>
        <source>Closed wall lines become</source>
        <translation>Geschlossene Mauerlinien werden zu</translation>
    </message>
    <message>
        <source>Doors are</source>
        <translation>Türen sind</translation>
    </message>
    <message>
        <source>Stories (untagged)</source>
        <translation>Stockwerke (ohne Angabe)</translation>
    </message>
    <message>
        <source>Wall thickness (no width, no rule)</source>
        <translation>Mauerstärke (ohne Breite, ohne Regel)</translation>
    </message>
    <message>
        <source>Tags become</source>
        <translation>Tags werden zu</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Importieren</translation>
    </message>
    <message>
        <source>The plan will be {width:,} x {height:,} pixels.</source>
        <translation>Der Plan wird {width:,} x {height:,} Pixel groß.</translation>
    </message>
    <message>
        <source>At {value} dpi the page is {width:,} x {height:,} pixels, too large: choose {max_dpi:g} dpi or less.</source>
        <translation>Bei {value} dpi ist die Seite {width:,} x {height:,} Pixel groß, zu groß: {max_dpi:g} dpi oder weniger wählen.</translation>
    </message>
    <message>
        <source>{name} (armor {armor})</source>
        <translation>{name} (Panzerung {armor})</translation>
    </message>
    <message>
        <source>The choices changed: Update preview to see them.</source>
        <translation>Die Auswahl hat sich geändert: Vorschau aktualisieren, um sie zu sehen.</translation>
    </message>
    <message>
        <source>The kind mapping: {error}.</source>
        <translation>Die Zuordnung der Arten: {error}.</translation>
    </message>
    <message>
        <source>Previewing {name}…</source>
        <translation>Vorschau von {name}…</translation>
    </message>
    <message>
        <source>Preview cancelled.</source>
        <translation>Vorschau abgebrochen.</translation>
    </message>
    <message>
        <source>Import map</source>
        <translation>Karte importieren</translation>
    </message>
    <message>
        <source>Cannot import {name}: {error}.</source>
        <translation>{name} kann nicht importiert werden: {error}.</translation>
    </message>
    <message>
        <source>Importing {name}…</source>
        <translation>{name} wird importiert…</translation>
    </message>
    <message>
        <source>Import of {name} cancelled; nothing changed.</source>
        <translation>Import von {name} abgebrochen; nichts wurde geändert.</translation>
    </message>
    <message numerus="yes">
        <source>Imported {name}: %n structure. Save it to keep it.</source>
        <translation>
            <numerusform>{name} importiert: %n Bauwerk. Speichern, um sie zu behalten.</numerusform>
            <numerusform>{name} importiert: %n Bauwerke. Speichern, um sie zu behalten.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported {name}: %n structures. Save it to keep it.</source>
        <translation>
            <numerusform>{name} importiert: %n Bauwerk. Speichern, um sie zu behalten.</numerusform>
            <numerusform>{name} importiert: %n Bauwerke. Speichern, um sie zu behalten.</numerusform>
        </translation>
    </message>
    <message>
        <source>Imported {name}</source>
        <translation>{name} importiert</translation>
    </message>
    <message>
        <source>For</source>
        <translation>Für</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Thickness (m)</source>
        <translation>Stärke (m)</translation>
    </message>
    <message>
        <source>Kind mappings (*.json)</source>
        <translation>Zuordnungen der Arten (*.json)</translation>
    </message>
    <message>
        <source>Add rule</source>
        <translation>Regel hinzufügen</translation>
    </message>
    <message>
        <source>Remove rule</source>
        <translation>Regel entfernen</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>Laden…</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>Speichern…</translation>
    </message>
    <message>
        <source>Defaults</source>
        <translation>Standardwerte</translation>
    </message>
    <message>
        <source>rule {value} of the mapping has no key (use * for any)</source>
        <translation>Regel {value} der Zuordnung hat keinen Schlüssel (* für beliebige)</translation>
    </message>
    <message>
        <source>rule {value}: the thickness {thickness_text!r} is not a number of metres</source>
        <translation>Regel {value}: Die Stärke {thickness_text!r} ist keine Zahl in Metern</translation>
    </message>
    <message>
        <source>rule {value}: the thickness must be from 0.05 to 50 m</source>
        <translation>Regel {value}: Die Stärke muss zwischen 0,05 und 50 m liegen</translation>
    </message>
    <message>
        <source>Load a kind mapping</source>
        <translation>Eine Zuordnung der Arten laden</translation>
    </message>
    <message>
        <source>Save the kind mapping</source>
        <translation>Die Zuordnung der Arten speichern</translation>
    </message>
    <message>
        <source>Kind mapping</source>
        <translation>Zuordnung der Arten</translation>
    </message>
    <message>
        <source>Cannot load this mapping: {error}.</source>
        <translation>Diese Zuordnung kann nicht geladen werden: {error}.</translation>
    </message>
    <message>
        <source>Cannot save this mapping: {error}.</source>
        <translation>Diese Zuordnung kann nicht gespeichert werden: {error}.</translation>
    </message>
    <message>
        <source>Cannot save {name}: {value}.</source>
        <translation>{name} kann nicht gespeichert werden: {value}.</translation>
    </message>
    <message>
        <source>Called</source>
        <translation>Genannt</translation>
    </message>
    <message>
        <source>Plan legend</source>
        <translation>Planlegende</translation>
    </message>
    <message>
        <source>Trace gives a building the kind of its colour. To add a colour, Alt-click a building of that colour with the Trace tool: it takes the toolbar&apos;s Kind.</source>
        <translation>Nachzeichnen gibt einem Gebäude die Art seiner Farbe. Um eine Farbe hinzuzufügen, mit dem Nachzeichnen-Werkzeug bei gedrückter Alt-Taste auf ein Gebäude dieser Farbe klicken: Es übernimmt die Art aus der Werkzeugleiste.</translation>
    </message>
    <message>
        <source>{kind} (not in this ruleset)</source>
        <translation>{kind} (nicht in diesem Regelwerk)</translation>
    </message>
    <message>
        <source>brick, frame, stone…</source>
        <translation>Ziegel, Fachwerk, Stein…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Take {colour} out of the legend</source>
        <translation>{colour} aus der Legende nehmen</translation>
    </message>
    <message>
        <source>Siege files (*.siege)</source>
        <translation>Belagerungsdateien (*.siege)</translation>
    </message>
    <message>
        <source>Images (*.png *.jpg *.jpeg *.tif *.tiff *.webp *.bmp)</source>
        <translation>Bilder (*.png *.jpg *.jpeg *.tif *.tiff *.webp *.bmp)</translation>
    </message>
    <message>
        <source>Cannot {what}: {error}</source>
        <translation>Nicht möglich ({what}): {error}</translation>
    </message>
    <message>
        <source>Save the changes to {document_name} first?</source>
        <translation>Die Änderungen an {document_name} zuerst speichern?</translation>
    </message>
    <message>
        <source>{name} was changed by another program or window since this window read it.</source>
        <translation>{name} wurde von einem anderen Programm oder Fenster geändert, seit dieses Fenster die Datei gelesen hat.</translation>
    </message>
    <message>
        <source>When read here: {describe}
Now: {now}

Reload it and play this window&apos;s unsaved actions again on top of it, save this window&apos;s siege as another file, or overwrite the other changes?</source>
        <translation>Beim Lesen hier: {describe}
Jetzt: {now}

Neu laden und die ungespeicherten Aktionen dieses Fensters darauf erneut spielen, die Belagerung dieses Fensters als andere Datei speichern oder die anderen Änderungen überschreiben?</translation>
    </message>
    <message>
        <source>Reload and play again</source>
        <translation>Neu laden und erneut spielen</translation>
    </message>
    <message>
        <source>Save As...</source>
        <translation>Speichern unter...</translation>
    </message>
    <message>
        <source>Overwrite</source>
        <translation>Überschreiben</translation>
    </message>
    <message>
        <source>{name} is read-only. Replace it all the same (it stays read-only)?</source>
        <translation>{name} ist schreibgeschützt. Trotzdem ersetzen (sie bleibt schreibgeschützt)?</translation>
    </message>
    <message>
        <source>siegeboard did not close properly last time. An autosave of unsaved work is left:

{description}

Recover it? (If not, it is kept until siegeboard next closes normally.)</source>
        <translation>siegeboard wurde beim letzten Mal nicht ordnungsgemäß beendet. Eine automatische Sicherung ungespeicherter Arbeit ist vorhanden:

{description}

Wiederherstellen? (Falls nicht, bleibt sie erhalten, bis siegeboard das nächste Mal normal beendet wird.)</translation>
    </message>
    <message>
        <source>Open siege</source>
        <translation>Belagerung öffnen</translation>
    </message>
    <message>
        <source>Save siege as</source>
        <translation>Belagerung speichern unter</translation>
    </message>
    <message>
        <source>Import map image</source>
        <translation>Kartenbild importieren</translation>
    </message>
    <message>
        <source>what the besiegers know: their own batteries, the walls they see</source>
        <translation>was die Belagerer wissen: ihre eigenen Batterien, die Mauern, die sie sehen</translation>
    </message>
    <message>
        <source>what the defenders know: who is inside their walls, their own guns</source>
        <translation>was die Verteidiger wissen: wer in ihren Mauern ist, ihre eigenen Geschütze</translation>
    </message>
    <message>
        <source>what the siege&apos;s players&apos; side knows (Siege Settings)</source>
        <translation>was die Seite der Spieler der Belagerung weiß (Belagerungseinstellungen)</translation>
    </message>
    <message>
        <source> (recommended)</source>
        <translation> (empfohlen)</translation>
    </message>
    <message>
        <source>All interfaces: {EVERY_INTERFACE}</source>
        <translation>Alle Schnittstellen: {EVERY_INTERFACE}</translation>
    </message>
    <message>
        <source>Share with Players</source>
        <translation>Mit den Spielern teilen</translation>
    </message>
    <message>
        <source>The players open their side&apos;s link on a phone, tablet or laptop on this network and watch the siege live, seeing only what their side knows. Nothing they do can change the siege.</source>
        <translation>Die Spieler öffnen den Link ihrer Seite auf einem Telefon, Tablet oder Laptop in diesem Netz und verfolgen die Belagerung live; sie sehen nur, was ihre Seite weiß. Nichts, was sie tun, kann die Belagerung ändern.</translation>
    </message>
    <message>
        <source>Serve on:</source>
        <translation>Bereitstellen auf:</translation>
    </message>
    <message>
        <source>Port:</source>
        <translation>Port:</translation>
    </message>
    <message>
        <source>any free</source>
        <translation>ein freier</translation>
    </message>
    <message>
        <source>Closing this dialog keeps sharing; closing the window stops it.</source>
        <translation>Das Schließen dieses Dialogs beendet das Teilen nicht; das Schließen des Fensters schon.</translation>
    </message>
    <message>
        <source>Sharing could not start on {host}:{port}: {reason}. Choose another port or address.</source>
        <translation>Das Teilen konnte auf {host}:{port} nicht beginnen: {reason}. Einen anderen Port oder eine andere Adresse wählen.</translation>
    </message>
    <message>
        <source>Stop Sharing</source>
        <translation>Teilen beenden</translation>
    </message>
    <message>
        <source>Start Sharing</source>
        <translation>Teilen beginnen</translation>
    </message>
    <message>
        <source>Sharing on {host}:{port}: {host2}. The links work until you stop sharing or close the window.</source>
        <translation>Geteilt auf {host}:{port}: {host2}. Die Links gelten, bis das Teilen beendet oder das Fenster geschlossen wird.</translation>
    </message>
    <message>
        <source>Not sharing. The links appear here once sharing starts; each start makes new ones.</source>
        <translation>Nicht geteilt. Die Links erscheinen hier, sobald das Teilen beginnt; jeder Start erzeugt neue.</translation>
    </message>
    <message>
        <source>Copy Link</source>
        <translation>Link kopieren</translation>
    </message>
    <message>
        <source>Revoke (New Link)</source>
        <translation>Widerrufen (neuer Link)</translation>
    </message>
    <message>
        <source>End this link: its open pages close, and a new link replaces it</source>
        <translation>Diesen Link beenden: Seine offenen Seiten schließen sich, und ein neuer Link ersetzt ihn</translation>
    </message>
    <message>
        <source>(not shared)</source>
        <translation>(nicht geteilt)</translation>
    </message>
    <message numerus="yes">
        <source>%n page open</source>
        <translation>
            <numerusform>%n Seite offen</numerusform>
            <numerusform>%n Seiten offen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pages open</source>
        <translation>
            <numerusform>%n Seite offen</numerusform>
            <numerusform>%n Seiten offen</numerusform>
        </translation>
    </message>
    <message>
        <source>Link copied.</source>
        <translation>Link kopiert.</translation>
    </message>
    <message>
        <source>Siege Settings</source>
        <translation>Belagerungseinstellungen</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>The program&apos;s own rolls come from this seed and the log&apos;s length, so the same siege always rolls the same way. A new siege starts with a random seed (0 to 2,147,483,647).</source>
        <translation>Die Würfe des Programms ergeben sich aus dieser Saat und der Länge des Protokolls, so würfelt dieselbe Belagerung immer gleich. Eine neue Belagerung beginnt mit einer zufälligen Saat (0 bis 2.147.483.647).</translation>
    </message>
    <message>
        <source>Dice seed</source>
        <translation>Würfelsaat</translation>
    </message>
    <message>
        <source>the besiegers</source>
        <translation>die Belagerer</translation>
    </message>
    <message>
        <source>the defenders</source>
        <translation>die Verteidiger</translation>
    </message>
    <message>
        <source>The players&apos; copy shows what this side knows: its own everything, of the other side the walls and buildings, and what the GM marks known.</source>
        <translation>Die Kopie der Spieler zeigt, was diese Seite weiß: alles Eigene, von der anderen Seite die Mauern und Gebäude und was der Spielleiter als bekannt markiert.</translation>
    </message>
    <message>
        <source>The players are</source>
        <translation>Die Spieler sind</translation>
    </message>
    <message>
        <source>Section length applies to walls drawn from now on.</source>
        <translation>Die Abschnittslänge gilt für Mauern, die von jetzt an gezeichnet werden.</translation>
    </message>
    <message>
        <source>Animated GIF (*.gif);;PDF, a page an entry (*.pdf)</source>
        <translation>Animiertes GIF (*.gif);;PDF, eine Seite je Eintrag (*.pdf)</translation>
    </message>
    <message>
        <source>Export Siege Story</source>
        <translation>Belagerungsgeschichte exportieren</translation>
    </message>
    <message>
        <source>File (.gif or .pdf)</source>
        <translation>Datei (.gif oder .pdf)</translation>
    </message>
    <message>
        <source>all, or entries such as 1, 3, 5-8 (the log has {total})</source>
        <translation>alle, oder Einträge wie 1, 3, 5-8 (das Protokoll hat {total})</translation>
    </message>
    <message>
        <source>The players&apos; copy (a handout)</source>
        <translation>Die Kopie der Spieler (ein Handout)</translation>
    </message>
    <message>
        <source>The GM&apos;s copy (every state word)</source>
        <translation>Die Kopie des Spielleiters (jedes Zustandswort)</translation>
    </message>
    <message>
        <source> px wide</source>
        <translation> px breit</translation>
    </message>
    <message>
        <source>A GIF frame&apos;s width; a PDF&apos;s pages are drawn as the snapshot&apos;s map is, its captions as words</source>
        <translation>Die Breite eines GIF-Bildes; die Seiten eines PDF werden wie die Karte des Schnappschusses gezeichnet, ihre Beschriftungen als Text</translation>
    </message>
    <message>
        <source>Entries</source>
        <translation>Einträge</translation>
    </message>
    <message>
        <source>Frames</source>
        <translation>Bilder</translation>
    </message>
    <message>
        <source>No story yet: the log is empty. Play an action first.</source>
        <translation>Noch keine Geschichte: Das Protokoll ist leer. Zuerst eine Aktion spielen.</translation>
    </message>
    <message>
        <source>No story written: {error}</source>
        <translation>Keine Geschichte geschrieben: {error}</translation>
    </message>
    <message>
        <source>Telling the siege again</source>
        <translation>Die Belagerung wird noch einmal erzählt</translation>
    </message>
    <message>
        <source>Siege Story cancelled: nothing written.</source>
        <translation>Belagerungsgeschichte abgebrochen: Nichts wurde geschrieben.</translation>
    </message>
    <message>
        <source>Siege Story written to {name}.</source>
        <translation>Belagerungsgeschichte nach {name} geschrieben.</translation>
    </message>
    <message>
        <source>Universal VTT maps (*.dd2vtt *.uvtt)</source>
        <translation>Universal-VTT-Karten (*.dd2vtt *.uvtt)</translation>
    </message>
    <message>
        <source>Export Universal VTT map</source>
        <translation>Universal-VTT-Karte exportieren</translation>
    </message>
    <message>
        <source>How long one grid cell of the file is. A tabletop measures distances by its cells: 5 ft is what Foundry, Owlbear and most others assume, so their rulers read true.</source>
        <translation>Wie lang eine Rasterzelle der Datei ist. Ein virtueller Spieltisch misst Entfernungen in seinen Zellen: 5 ft nehmen Foundry, Owlbear und die meisten anderen an, so messen ihre Lineale richtig.</translation>
    </message>
    <message>
        <source>The plan&apos;s own</source>
        <translation>Der eigene des Plans</translation>
    </message>
    <message>
        <source>The players&apos; copy (what they may see)</source>
        <translation>Die Kopie der Spieler (was sie sehen dürfen)</translation>
    </message>
    <message>
        <source>Either side</source>
        <translation>Beide Seiten</translation>
    </message>
    <message>
        <source>Picture</source>
        <translation>Bild</translation>
    </message>
    <message>
        <source>One cell is</source>
        <translation>Eine Zelle ist</translation>
    </message>
    <message>
        <source>Pixels a cell</source>
        <translation>Pixel pro Zelle</translation>
    </message>
    <message>
        <source>One cell of the file is {value}: {value2} px a cell, {value3:.1f} px a metre. A 2 m square of the board is {value4:.2f} cells there.</source>
        <translation>Eine Zelle der Datei ist {value}: {value2} px pro Zelle, {value3:.1f} px pro Meter. Ein 2-m-Feld des Bretts ist dort {value4:.2f} Zellen groß.</translation>
    </message>
    <message>
        <source>Rendering the map</source>
        <translation>Karte wird gezeichnet</translation>
    </message>
    <message>
        <source>Exporting the Universal VTT map</source>
        <translation>Universal-VTT-Karte wird exportiert</translation>
    </message>
    <message>
        <source>No map written: {error}</source>
        <translation>Keine Karte geschrieben: {error}</translation>
    </message>
    <message>
        <source>Universal VTT map written to {name} (one cell: {cell}).</source>
        <translation>Universal-VTT-Karte nach {name} geschrieben (eine Zelle: {cell}).</translation>
    </message>
    <message>
        <source>Layout reset.</source>
        <translation>Anordnung zurückgesetzt.</translation>
    </message>
    <message>
        <source>task {strip!r}: type an outcome ({OUTCOMES}) or a skill number to roll against</source>
        <translation>Aufgabe {strip!r}: ein Ergebnis ({OUTCOMES}) oder einen Fertigkeitswert zum Würfeln eingeben</translation>
    </message>
    <message>
        <source>type at least one outcome or skill</source>
        <translation>mindestens ein Ergebnis oder eine Fertigkeit eingeben</translation>
    </message>
    <message>
        <source>Actions</source>
        <translation>Aktionen</translation>
    </message>
    <message>
        <source>Select one structure</source>
        <translation>Ein Bauwerk auswählen</translation>
    </message>
    <message>
        <source>One per firefighter, comma separated: an outcome or a Constitution skill to roll</source>
        <translation>Eines je Feuerwehrmann, durch Kommas getrennt: ein Ergebnis oder ein Konstitutionswert zum Würfeln</translation>
    </message>
    <message>
        <source>Fight the fire (Difficult, Constitution)</source>
        <translation>Das Feuer bekämpfen (schwierig, Konstitution)</translation>
    </message>
    <message>
        <source>Firefighters</source>
        <translation>Löschmannschaft</translation>
    </message>
    <message>
        <source>Fight fire</source>
        <translation>Feuer bekämpfen</translation>
    </message>
    <message>
        <source>The team</source>
        <translation>Der Trupp</translation>
    </message>
    <message>
        <source>A combat engineer in the team</source>
        <translation>Ein Pionier im Trupp</translation>
    </message>
    <message>
        <source>Repair</source>
        <translation>Ausbessern</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>Trupp</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Aufgabe</translation>
    </message>
    <message>
        <source>Free a trapped person (Formidable, Strength)</source>
        <translation>Eine eingeschlossene Person befreien (beachtlich, Stärke)</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>Wer</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>Befreien</translation>
    </message>
    <message>
        <source>Kick the door (Average, Athletics)</source>
        <translation>Die Tür eintreten (durchschnittlich, Athletik)</translation>
    </message>
    <message>
        <source>Kick</source>
        <translation>Eintreten</translation>
    </message>
    <message>
        <source>The number of charges</source>
        <translation>Die Zahl der Ladungen</translation>
    </message>
    <message>
        <source>On a pier (counts double)</source>
        <translation>An einem Pfeiler (zählt doppelt)</translation>
    </message>
    <message>
        <source>Demolition charges</source>
        <translation>Sprengladungen</translation>
    </message>
    <message>
        <source>Charge</source>
        <translation>Ladung</translation>
    </message>
    <message>
        <source>How many</source>
        <translation>Wie viele</translation>
    </message>
    <message>
        <source>Set and fire</source>
        <translation>Anbringen und zünden</translation>
    </message>
    <message>
        <source>Besiegers win the opposed Perception check</source>
        <translation>Die Belagerer gewinnen die vergleichende Wahrnehmungsprobe</translation>
    </message>
    <message>
        <source>Countermined</source>
        <translation>Gegenmine</translation>
    </message>
    <message>
        <source>Known to the players</source>
        <translation>Spielern bekannt</translation>
    </message>
    <message>
        <source>Checked: the players know of this mine. The defenders&apos; players do not, until marked known.</source>
        <translation>Angekreuzt: Die Spieler wissen von dieser Mine. Die Spieler der Verteidiger nicht, bis sie als bekannt markiert ist.</translation>
    </message>
    <message>
        <source>Start mine</source>
        <translation>Mine beginnen</translation>
    </message>
    <message>
        <source>Dig a day</source>
        <translation>Einen Tag graben</translation>
    </message>
    <message>
        <source>Fire mine</source>
        <translation>Mine zünden</translation>
    </message>
    <message>
        <source>Mine under this section</source>
        <translation>Mine unter diesem Abschnitt</translation>
    </message>
    <message>
        <source>Mine</source>
        <translation>Mine</translation>
    </message>
    <message>
        <source>why (for the log)</source>
        <translation>warum (fürs Protokoll)</translation>
    </message>
    <message>
        <source>GM override</source>
        <translation>Eingriff des Spielleiters</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>Ebene</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Set</source>
        <translation>Setzen</translation>
    </message>
    <message>
        <source>Repair (house rule, A13)</source>
        <translation>Ausbessern (Hausregel, A13)</translation>
    </message>
    <message>
        <source>Select one structure to act on it</source>
        <translation>Ein Bauwerk auswählen, um darauf zu wirken</translation>
    </message>
    <message>
        <source>Mine {number} under it: {state}, {days_dug}/{days_needed} days</source>
        <translation>Mine {number} darunter: {state}, {days_dug}/{days_needed} Tage</translation>
    </message>
    <message>
        <source>{name} is not burning.</source>
        <translation>{name} brennt nicht.</translation>
    </message>
    <message>
        <source>The fire in {name} is out of control: it can no longer be put out (ruling H9).</source>
        <translation>Das Feuer in {name} ist außer Kontrolle: Es kann nicht mehr gelöscht werden (Regelung H9).</translation>
    </message>
    <message>
        <source>Nobody is trapped in {name}.</source>
        <translation>In {name} ist niemand eingeschlossen.</translation>
    </message>
    <message>
        <source>{name} is undamaged: there is nothing to repair.</source>
        <translation>{name} ist unbeschädigt: Es gibt nichts auszubessern.</translation>
    </message>
    <message>
        <source>Only an interior door opens to a kick.</source>
        <translation>Nur eine Innentür lässt sich eintreten.</translation>
    </message>
    <message>
        <source>Select one structure first.</source>
        <translation>Zuerst ein Bauwerk auswählen.</translation>
    </message>
    <message>
        <source>Cannot do that: {error}</source>
        <translation>Das geht nicht: {error}</translation>
    </message>
    <message>
        <source>nobody is trapped here</source>
        <translation>hier ist niemand eingeschlossen</translation>
    </message>
    <message>
        <source>no charge weapon in this siege&apos;s catalogue</source>
        <translation>keine Sprengladung im Katalog dieser Belagerung</translation>
    </message>
    <message>
        <source>no mine under this section: start one first</source>
        <translation>keine Mine unter diesem Abschnitt: zuerst eine beginnen</translation>
    </message>
    <message>
        <source>nothing differs from the structure&apos;s state</source>
        <translation>nichts weicht vom Zustand des Bauwerks ab</translation>
    </message>
    <message>
        <source>Clock</source>
        <translation>Uhr</translation>
    </message>
    <message>
        <source>+1 turn (5 s)</source>
        <translation>+1 Runde (5 s)</translation>
    </message>
    <message>
        <source>+1 minute</source>
        <translation>+1 Minute</translation>
    </message>
    <message>
        <source> turns</source>
        <translation> Runden</translation>
    </message>
    <message>
        <source>Advance</source>
        <translation>Vorstellen</translation>
    </message>
    <message>
        <source>No battery: fire the current weapon at a typed range</source>
        <translation>Keine Batterie: die aktuelle Waffe auf eine eingegebene Entfernung abfeuern</translation>
    </message>
    <message>
        <source>Fire</source>
        <translation>Feuer</translation>
    </message>
    <message>
        <source>The range</source>
        <translation>Die Entfernung</translation>
    </message>
    <message>
        <source>Checked: the players&apos; copy shows this battery. A battery of the other side is hidden until marked known.</source>
        <translation>Angekreuzt: Die Kopie der Spieler zeigt diese Batterie. Eine Batterie der anderen Seite bleibt verborgen, bis sie als bekannt markiert ist.</translation>
    </message>
    <message>
        <source>Remove battery</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>The modifier</source>
        <translation>Der Modifikator</translation>
    </message>
    <message>
        <source>Added to the final penetration (ruling H4)</source>
        <translation>Wird zur endgültigen Durchschlagskraft addiert (Regelung H4)</translation>
    </message>
    <message>
        <source>Successes</source>
        <translation>Erfolge</translation>
    </message>
    <message>
        <source>Boons</source>
        <translation>Vorteile</translation>
    </message>
    <message>
        <source>Through a firing slit</source>
        <translation>Durch eine Schießscharte</translation>
    </message>
    <message>
        <source>Fire from</source>
        <translation>Feuern von</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>Entfernung</translation>
    </message>
    <message>
        <source>Weapon</source>
        <translation>Waffe</translation>
    </message>
    <message>
        <source>Battery name</source>
        <translation>Batteriename</translation>
    </message>
    <message>
        <source>Its weapon</source>
        <translation>Ihre Waffe</translation>
    </message>
    <message>
        <source>Side</source>
        <translation>Seite</translation>
    </message>
    <message>
        <source>GM modifier</source>
        <translation>SL-Modifikator</translation>
    </message>
    <message>
        <source>Fire tool (F): hover to see range and blast, click to fire. Dice rolled at the table go in the toolbar&apos;s Dice box.</source>
        <translation>Feuer-Werkzeug (F): Zeiger darüber zeigt Entfernung und Explosion, Klick feuert. Am Tisch geworfene Würfel gehören in das Würfelfeld der Werkzeugleiste.</translation>
    </message>
    <message>
        <source>none chosen</source>
        <translation>keine gewählt</translation>
    </message>
    <message>
        <source>Battery not changed: {error}.</source>
        <translation>Batterie nicht geändert: {error}.</translation>
    </message>
    <message>
        <source>Cannot remove this battery: {error}.</source>
        <translation>Diese Batterie kann nicht entfernt werden: {error}.</translation>
    </message>
    <message>
        <source>Undo history</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>&lt;opened&gt;</source>
        <translation>&lt;geöffnet&gt;</translation>
    </message>
    <message>
        <source>Nothing selected. Click a structure on the map or in the Structures list to see and edit it here; Shift-click or drag to select several.</source>
        <translation>Nichts ausgewählt. Ein Bauwerk auf der Karte oder in der Liste „Bauten“ anklicken, um es hier zu sehen und zu bearbeiten; Umschalt-Klick oder Ziehen wählt mehrere.</translation>
    </message>
    <message>
        <source>Armor</source>
        <translation>Panzerung</translation>
    </message>
    <message>
        <source>Hull</source>
        <translation>Rumpf</translation>
    </message>
    <message>
        <source>Material</source>
        <translation>Material</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>Inspektor</translation>
    </message>
    <message>
        <source>The height</source>
        <translation>Die Höhe</translation>
    </message>
    <message>
        <source>Whose it is: the players know everything of their own side</source>
        <translation>Wem es gehört: Die Spieler wissen alles über ihre eigene Seite</translation>
    </message>
    <message>
        <source>Known to the players (who is inside)</source>
        <translation>Den Spielern bekannt (wer darin ist)</translation>
    </message>
    <message>
        <source>Checked: the players&apos; copy shows this structure&apos;s occupants. Of the players&apos; own side everything is known; of the other side only the walls and buildings, until marked known.</source>
        <translation>Angekreuzt: Die Kopie der Spieler zeigt die Insassen dieses Bauwerks. Von der eigenen Seite der Spieler ist alles bekannt; von der anderen Seite nur die Mauern und Gebäude, bis es als bekannt markiert ist.</translation>
    </message>
    <message>
        <source>one name per line</source>
        <translation>ein Name pro Zeile</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>Höhe</translation>
    </message>
    <message>
        <source>Occupants</source>
        <translation>Insassen</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Notizen</translation>
    </message>
    <message>
        <source>Figures</source>
        <translation>Werte</translation>
    </message>
    <message>
        <source> (mixed)</source>
        <translation> (gemischt)</translation>
    </message>
    <message>
        <source>{count} structures selected: a change here is made to all of them.</source>
        <translation>{count} Bauwerke ausgewählt: Eine Änderung hier gilt für alle.</translation>
    </message>
    <message>
        <source>Type a height in metres: a story is {story:g} m, so it makes ceil(height / {story:g}) stories (ruling H2)</source>
        <translation>Eine Höhe in Metern eingeben: Ein Stockwerk ist {story:g} m hoch, also ergibt sie ceil(Höhe / {story:g}) Stockwerke (Regelung H2)</translation>
    </message>
    <message>
        <source>Area {footprint_area:.1f} m²</source>
        <translation>Fläche {footprint_area:.1f} m²</translation>
    </message>
    <message>
        <source>Squares {footprint_squares} (2 m)</source>
        <translation>Felder {footprint_squares} (2 m)</translation>
    </message>
    <message>
        <source>10 m square {square}</source>
        <translation>10-m-Feld {square}</translation>
    </message>
    <message numerus="yes">
        <source>%n courtyard left out (Edit &gt; Fill In Courtyard)</source>
        <translation>
            <numerusform>%n Innenhof ausgespart (Bearbeiten &gt; Innenhof auffüllen)</numerusform>
            <numerusform>%n Innenhöfe ausgespart (Bearbeiten &gt; Innenhof auffüllen)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n courtyards left out (Edit &gt; Fill In Courtyard)</source>
        <translation>
            <numerusform>%n Innenhof ausgespart (Bearbeiten &gt; Innenhof auffüllen)</numerusform>
            <numerusform>%n Innenhöfe ausgespart (Bearbeiten &gt; Innenhof auffüllen)</numerusform>
        </translation>
    </message>
    <message>
        <source>A structure needs a name, so the old name is kept.</source>
        <translation>Ein Bauwerk braucht einen Namen, daher bleibt der alte Name.</translation>
    </message>
    <message>
        <source>Fire tool: a square the blast reaches, with its concussion</source>
        <translation>Feuer-Werkzeug: ein Feld, das die Explosion erreicht, mit seiner Erschütterung</translation>
    </message>
    <message>
        <source>Selected</source>
        <translation>Ausgewählt</translation>
    </message>
    <message>
        <source>Legend</source>
        <translation>Legende</translation>
    </message>
    <message>
        <source>Dice, {label}: {join} ({source})</source>
        <translation>Würfel, {label}: {join} ({source})</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>nothing to show</source>
        <translation>nichts zu zeigen</translation>
    </message>
    <message>
        <source>Odds</source>
        <translation>Chancen</translation>
    </message>
    <message>
        <source>What is left after one shot</source>
        <translation>Was nach einem Schuss übrig bleibt</translation>
    </message>
    <message>
        <source>Damage to those inside</source>
        <translation>Schaden an den Insassen</translation>
    </message>
    <message>
        <source>Hits to bring it down</source>
        <translation>Treffer, um es zu Fall zu bringen</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>Time between hits: fires grow, burn and spread meanwhile</source>
        <translation>Zeit zwischen den Treffern: Brände wachsen, brennen und breiten sich derweil aus</translation>
    </message>
    <message>
        <source>Successes and Boons as entered</source>
        <translation>Erfolge und Vorteile wie eingegeben</translation>
    </message>
    <message>
        <source>Roll a pool of D6 for the attack instead (each 5-6 a Success, each 6 also a Boon)</source>
        <translation>Für den Angriff stattdessen einen Pool aus W6 würfeln (jede 5-6 ein Erfolg, jede 6 auch ein Vorteil)</translation>
    </message>
    <message>
        <source>In the blast&apos;s reach</source>
        <translation>In Reichweite der Explosion</translation>
    </message>
    <message>
        <source>Squares</source>
        <translation>Felder</translation>
    </message>
    <message>
        <source>Loses</source>
        <translation>Verliert</translation>
    </message>
    <message>
        <source>Falls</source>
        <translation>Fällt</translation>
    </message>
    <message>
        <source>Burns</source>
        <translation>Brennt</translation>
    </message>
    <message>
        <source>Between hits</source>
        <translation>Zwischen Treffern</translation>
    </message>
    <message>
        <source>Dice pool</source>
        <translation>Würfelpool</translation>
    </message>
    <message>
        <source>Select a structure to aim at (or give the battery a target).</source>
        <translation>Ein Bauwerk als Ziel auswählen (oder der Batterie ein Ziel geben).</translation>
    </message>
    <message>
        <source>with no battery, type the range in the Fire dock</source>
        <translation>ohne Batterie die Entfernung im Feuer-Dock eingeben</translation>
    </message>
    <message>
        <source>No odds: {error}.</source>
        <translation>Keine Chancen: {error}.</translation>
    </message>
    <message>
        <source>{name} at {name2}{where}</source>
        <translation>{name} auf {name2}{where}</translation>
    </message>
    <message>
        <source>penetrates {one_in}</source>
        <translation>durchschlägt {one_in}</translation>
    </message>
    <message>
        <source>cleared {one_in}</source>
        <translation>geräumt {one_in}</translation>
    </message>
    <message>
        <source>Cracked {one_in}</source>
        <translation>Gerissen {one_in}</translation>
    </message>
    <message>
        <source>burning {one_in}</source>
        <translation>brennt {one_in}</translation>
    </message>
    <message>
        <source>DP left</source>
        <translation>Verbleibende VP</translation>
    </message>
    <message>
        <source>Hull suffered</source>
        <translation>Erlittener Rumpfschaden</translation>
    </message>
    <message>
        <source>{what} after one shot</source>
        <translation>{what} nach einem Schuss</translation>
    </message>
    <message>
        <source>now {now}/{of}</source>
        <translation>jetzt {now}/{of}</translation>
    </message>
    <message>
        <source>{occupants} inside, all together</source>
        <translation>{occupants} darin, alle zusammen</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>exakt</translation>
    </message>
    <message>
        <source>{trials} sieges sampled</source>
        <translation>{trials} Belagerungen simuliert</translation>
    </message>
    <message>
        <source>; cleared after about {cleared}</source>
        <translation>; geräumt nach etwa {cleared}</translation>
    </message>
    <message>
        <source> ({trials} sieges sampled, each chance within {value:.1f} points, 95% sure)</source>
        <translation> ({trials} Belagerungen simuliert, jede Chance auf {value:.1f} Punkte genau, mit 95 % Sicherheit)</translation>
    </message>
    <message>
        <source> (already)</source>
        <translation> (schon)</translation>
    </message>
    <message>
        <source>DP {now} -&gt; {mean_left:.0f}</source>
        <translation>VP {now} -&gt; {mean_left:.0f}</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>Roll pool (house rule)</source>
        <translation>Pool würfeln (Hausregel)</translation>
    </message>
    <message>
        <source>Pool D6</source>
        <translation>Pool W6</translation>
    </message>
    <message>
        <source>Resolve scene</source>
        <translation>Szene auflösen</translation>
    </message>
    <message>
        <source>Defenders at the top of the ladders</source>
        <translation>Verteidiger oben an den Leitern</translation>
    </message>
    <message>
        <source>Escalade, selected wall section (ruling A11)</source>
        <translation>Eskalade, gewählter Mauerabschnitt (Regelung A11)</translation>
    </message>
    <message>
        <source>Ladders</source>
        <translation>Leitern</translation>
    </message>
    <message>
        <source>Siege towers</source>
        <translation>Belagerungstürme</translation>
    </message>
    <message>
        <source>Grapnels</source>
        <translation>Enterhaken</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>Länge</translation>
    </message>
    <message>
        <source>— no target —</source>
        <translation>— kein Ziel —</translation>
    </message>
    <message>
        <source>Scenes played: {scene}</source>
        <translation>Gespielte Szenen: {scene}</translation>
    </message>
    <message>
        <source>{title} has no scenes ({having} has)</source>
        <translation>{title} hat keine Szenen ({having} schon)</translation>
    </message>
    <message>
        <source>Breached: </source>
        <translation>Bresche: </translation>
    </message>
    <message>
        <source>. Play the assault.</source>
        <translation>. Den Sturm spielen.</translation>
    </message>
    <message>
        <source>Select one wall section.</source>
        <translation>Einen Mauerabschnitt auswählen.</translation>
    </message>
    <message>
        <source>Target not set: {error}.</source>
        <translation>Ziel nicht gesetzt: {error}.</translation>
    </message>
    <message>
        <source>Give at least one engine a target first.</source>
        <translation>Zuerst mindestens einem Gerät ein Ziel geben.</translation>
    </message>
    <message>
        <source>Square</source>
        <translation>Feld</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>VP</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Structures</source>
        <translation>Bauten</translation>
    </message>
    <message>
        <source>Filter by name, kind, square, state…</source>
        <translation>Nach Name, Art, Feld, Zustand filtern…</translation>
    </message>
    <message>
        <source>range band {part!r}: write it as metres:penetration, e.g. 400:12</source>
        <translation>Entfernungsband {part!r}: als Meter:Durchschlag schreiben, z. B. 400:12</translation>
    </message>
    <message>
        <source>range band {part!r}: {error}</source>
        <translation>Entfernungsband {part!r}: {error}</translation>
    </message>
    <message>
        <source>Weapons</source>
        <translation>Waffen</translation>
    </message>
    <message>
        <source>metres:penetration, …  e.g. 100:2, 400:1</source>
        <translation>Meter:Durchschlag, …  z. B. 100:2, 400:1</translation>
    </message>
    <message>
        <source>Explosive</source>
        <translation>Explosiv</translation>
    </message>
    <message>
        <source>Incendiary</source>
        <translation>Brandsatz</translation>
    </message>
    <message>
        <source>Small arm (&lt; 20 mm)</source>
        <translation>Handfeuerwaffe (&lt; 20 mm)</translation>
    </message>
    <message>
        <source>Large calibre (+2D6)</source>
        <translation>Großes Kaliber (+2W6)</translation>
    </message>
    <message>
        <source>Gunpowder</source>
        <translation>Schießpulver</translation>
    </message>
    <message>
        <source>Indirect</source>
        <translation>Indirekt</translation>
    </message>
    <message>
        <source>Range bands</source>
        <translation>Entfernungsbänder</translation>
    </message>
    <message>
        <source>Damage</source>
        <translation>Schaden</translation>
    </message>
    <message>
        <source>Concussion</source>
        <translation>Erschütterung</translation>
    </message>
    <message>
        <source>Hull damage</source>
        <translation>Rumpfschaden</translation>
    </message>
    <message>
        <source>Pierce</source>
        <translation>Durchschlag</translation>
    </message>
    <message>
        <source>Crit</source>
        <translation>Krit</translation>
    </message>
    <message>
        <source>Mount</source>
        <translation>Lafette</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rolle</translation>
    </message>
    <message>
        <source>New weapon</source>
        <translation>Neue Waffe</translation>
    </message>
    <message>
        <source>no weapon {weapon_id!r} in the list</source>
        <translation>keine Waffe {weapon_id!r} in der Liste</translation>
    </message>
    <message>
        <source>From the catalogue: an edit makes it this siege&apos;s own.</source>
        <translation>Aus dem Katalog: Eine Änderung macht sie zur eigenen Waffe dieser Belagerung.</translation>
    </message>
    <message>
        <source>no weapon is chosen</source>
        <translation>keine Waffe gewählt</translation>
    </message>
    <message>
        <source>Weapon not changed: {error}.</source>
        <translation>Waffe nicht geändert: {error}.</translation>
    </message>
    <message>
        <source>Cannot remove this weapon: {error}.</source>
        <translation>Diese Waffe kann nicht entfernt werden: {error}.</translation>
    </message>
    <message>
        <source>battery id {id!r} is already on the board</source>
        <translation>Batterie-ID {id!r} ist schon auf dem Brett</translation>
    </message>
    <message>
        <source>weapon_id: no weapon {weapon_id!r} in this siege</source>
        <translation>weapon_id: keine Waffe {weapon_id!r} in dieser Belagerung</translation>
    </message>
    <message>
        <source>Place {name}</source>
        <translation>{name} aufstellen</translation>
    </message>
    <message>
        <source>Move {name}</source>
        <translation>{name} verschieben</translation>
    </message>
    <message>
        <source>target_id: no structure or battery {target!r}</source>
        <translation>target_id: kein Bauwerk und keine Batterie {target!r}</translation>
    </message>
    <message>
        <source>Edit {fields} of {name}</source>
        <translation>{fields} von {name} bearbeiten</translation>
    </message>
    <message>
        <source>{name} is the scene target of {aimed}</source>
        <translation>{name} ist das Szenenziel von {aimed}</translation>
    </message>
    <message>
        <source>Remove {name}</source>
        <translation>{name} entfernen</translation>
    </message>
    <message>
        <source>Edit weapon {name}</source>
        <translation>Waffe {name} bearbeiten</translation>
    </message>
    <message>
        <source>Add weapon {name}</source>
        <translation>Waffe {name} hinzufügen</translation>
    </message>
    <message>
        <source>{name} is the weapon of {users}: give them another weapon first</source>
        <translation>{name} ist die Waffe von {users}: ihnen zuerst eine andere Waffe geben</translation>
    </message>
    <message>
        <source>Remove weapon {name}</source>
        <translation>Waffe {name} entfernen</translation>
    </message>
    <message>
        <source>could not write the autosave&apos;s journal: {value}</source>
        <translation>das Journal der automatischen Sicherung konnte nicht geschrieben werden: {value}</translation>
    </message>
    <message>
        <source>could not open the autosave&apos;s journal: {value}</source>
        <translation>das Journal der automatischen Sicherung konnte nicht geöffnet werden: {value}</translation>
    </message>
    <message>
        <source>the journal could not be written</source>
        <translation>das Journal konnte nicht geschrieben werden</translation>
    </message>
    <message numerus="yes">
        <source>%n section</source>
        <translation>
            <numerusform>%n Abschnitt</numerusform>
            <numerusform>%n Abschnitte</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n sections</source>
        <translation>
            <numerusform>%n Abschnitt</numerusform>
            <numerusform>%n Abschnitte</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n structure</source>
        <translation>
            <numerusform>%n Bauwerk</numerusform>
            <numerusform>%n Bauwerke</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n structures</source>
        <translation>
            <numerusform>%n Bauwerk</numerusform>
            <numerusform>%n Bauwerke</numerusform>
        </translation>
    </message>
    <message>
        <source>add: id {value!r} is already on the board</source>
        <translation>add: ID {value!r} ist schon auf dem Brett</translation>
    </message>
    <message>
        <source>Add {plural}</source>
        <translation>{plural} hinzufügen</translation>
    </message>
    <message>
        <source>Delete {plural}</source>
        <translation>{plural} löschen</translation>
    </message>
    <message>
        <source>Move {plural}</source>
        <translation>{plural} verschieben</translation>
    </message>
    <message>
        <source>Rotate {plural} by {degrees:g}°</source>
        <translation>{plural} um {degrees:g}° drehen</translation>
    </message>
    <message>
        <source>Edit the corners of {name}</source>
        <translation>Die Ecken von {name} bearbeiten</translation>
    </message>
    <message>
        <source>Cut a courtyard in {name}</source>
        <translation>Einen Innenhof in {name} ausschneiden</translation>
    </message>
    <message>
        <source>Fill in a courtyard of {name}</source>
        <translation>Einen Innenhof von {name} auffüllen</translation>
    </message>
    <message>
        <source>Edit {label} of {what}</source>
        <translation>{label} von {what} bearbeiten</translation>
    </message>
    <message>
        <source>Mark {names} known to the players</source>
        <translation>{names} als den Spielern bekannt markieren</translation>
    </message>
    <message>
        <source>Mark {names} hidden from the players</source>
        <translation>{names} vor den Spielern verbergen</translation>
    </message>
    <message>
        <source>Mark the mine under {name} known to the players</source>
        <translation>Die Mine unter {name} als den Spielern bekannt markieren</translation>
    </message>
    <message>
        <source>Mark the mine under {name} hidden from the players</source>
        <translation>Die Mine unter {name} vor den Spielern verbergen</translation>
    </message>
    <message>
        <source>a section</source>
        <translation>einem Abschnitt</translation>
    </message>
    <message>
        <source>Split {name}</source>
        <translation>{name} teilen</translation>
    </message>
    <message>
        <source>Merge {plural}</source>
        <translation>{plural} vereinen</translation>
    </message>
    <message>
        <source>Remove map image</source>
        <translation>Kartenbild entfernen</translation>
    </message>
    <message>
        <source>calibrate: the scale must be above 0, not {pixels_per_metre}</source>
        <translation>calibrate: Der Maßstab muss größer als 0 sein, nicht {pixels_per_metre}</translation>
    </message>
    <message>
        <source>calibrate: there is no map image to calibrate</source>
        <translation>calibrate: Es gibt kein Kartenbild zu kalibrieren</translation>
    </message>
    <message>
        <source>Calibrate map to {value:g} px per 2 m</source>
        <translation>Karte auf {value:g} px pro 2 m kalibrieren</translation>
    </message>
    <message>
        <source>there is no map image to place</source>
        <translation>es gibt kein Kartenbild zu platzieren</translation>
    </message>
    <message>
        <source>Set the plan&apos;s legend</source>
        <translation>Die Legende des Plans festlegen</translation>
    </message>
    <message>
        <source>Lock map image</source>
        <translation>Kartenbild sperren</translation>
    </message>
    <message>
        <source>Unlock map image</source>
        <translation>Kartenbild entsperren</translation>
    </message>
    <message>
        <source>Move map image</source>
        <translation>Kartenbild verschieben</translation>
    </message>
    <message>
        <source>Move grid origin to ({value:g}, {value2:g}) m</source>
        <translation>Rasterursprung nach ({value:g}, {value2:g}) m verschieben</translation>
    </message>
    <message>
        <source>Record snapshot at turn {turn}</source>
        <translation>Schnappschuss in Runde {turn} festhalten</translation>
    </message>
    <message>
        <source>Edit siege settings</source>
        <translation>Belagerungseinstellungen bearbeiten</translation>
    </message>
    <message>
        <source>save: the siege has no file yet; choose a name</source>
        <translation>save: Die Belagerung hat noch keine Datei; einen Namen wählen</translation>
    </message>
    <message>
        <source>Draw {name}</source>
        <translation>{name} zeichnen</translation>
    </message>
    <message numerus="yes">
        <source>Duplicate %n structure(s)</source>
        <translation>
            <numerusform>%n Bauwerk duplizieren</numerusform>
            <numerusform>%n Bauwerke duplizieren</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Paste %n structure(s)</source>
        <translation>
            <numerusform>%n Bauwerk einfügen</numerusform>
            <numerusform>%n Bauwerke einfügen</numerusform>
        </translation>
    </message>
    <message>
        <source>there is no map image</source>
        <translation>es gibt kein Kartenbild</translation>
    </message>
    <message>
        <source>weapon_id: no weapon {weapon_id!r} in this siege or its catalogue</source>
        <translation>weapon_id: keine Waffe {weapon_id!r} in dieser Belagerung oder ihrem Katalog</translation>
    </message>
    <message>
        <source>Battery {value}</source>
        <translation>Batterie {value}</translation>
    </message>
    <message>
        <source>reload: the siege has no file</source>
        <translation>reload: Die Belagerung hat keine Datei</translation>
    </message>
    <message>
        <source>{title}: not played again ({error})</source>
        <translation>{title}: nicht erneut gespielt ({error})</translation>
    </message>
    <message>
        <source>done</source>
        <translation>erledigt</translation>
    </message>
    <message>
        <source> (dice rolled afresh)</source>
        <translation> (Würfel neu geworfen)</translation>
    </message>
    <message numerus="yes">
        <source>%n other unsaved edit was not carried over (only actions are played again)</source>
        <translation>
            <numerusform>%n weitere ungespeicherte Bearbeitung wurde nicht übernommen (nur Aktionen werden erneut gespielt)</numerusform>
            <numerusform>%n weitere ungespeicherte Bearbeitungen wurden nicht übernommen (nur Aktionen werden erneut gespielt)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n other unsaved edits were not carried over (only actions are played again)</source>
        <translation>
            <numerusform>%n weitere ungespeicherte Bearbeitung wurde nicht übernommen (nur Aktionen werden erneut gespielt)</numerusform>
            <numerusform>%n weitere ungespeicherte Bearbeitungen wurden nicht übernommen (nur Aktionen werden erneut gespielt)</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;An empty siege. To start:&lt;/b&gt;&lt;ol&gt;&lt;li&gt;&lt;b&gt;Import a plan&lt;/b&gt;: Map &amp;gt; Import Image… (Ctrl+I), a scan or a drawing of the fortress; or start on an old map: File &amp;gt; Open Example Map….&lt;/li&gt;&lt;li&gt;&lt;b&gt;Calibrate&lt;/b&gt; it (C): click two points a known distance apart and type the distance in metres.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Draw&lt;/b&gt; the structures on it: Rectangle (R), Polygon (P), Wall (W); then place a Battery (B) and Fire (F).&lt;/li&gt;&lt;/ol&gt;Help &amp;gt; Keyboard Shortcuts lists every key.</source>
        <translation>&lt;b&gt;Eine leere Belagerung. Zum Anfangen:&lt;/b&gt;&lt;ol&gt;&lt;li&gt;&lt;b&gt;Einen Plan importieren&lt;/b&gt;: Karte &amp;gt; Bild importieren… (Strg+I), ein Scan oder eine Zeichnung der Festung; oder auf einer alten Karte beginnen: Datei &amp;gt; Beispielkarte öffnen….&lt;/li&gt;&lt;li&gt;Ihn &lt;b&gt;kalibrieren&lt;/b&gt; (C): zwei Punkte in bekanntem Abstand anklicken und die Entfernung in Metern eingeben.&lt;/li&gt;&lt;li&gt;Die Bauwerke darauf &lt;b&gt;zeichnen&lt;/b&gt;: Rechteck (R), Polygon (P), Mauer (W); dann eine Batterie (B) aufstellen und feuern (F).&lt;/li&gt;&lt;/ol&gt;Hilfe &amp;gt; Tastenkürzel listet jede Taste auf.</translation>
    </message>
    <message>
        <source>Nothing selected</source>
        <translation>Nichts ausgewählt</translation>
    </message>
    <message>
        <source> and {value} more</source>
        <translation> und {value} weitere</translation>
    </message>
    <message>
        <source>{count} structures selected: {names}{more}</source>
        <translation>{count} Bauwerke ausgewählt: {names}{more}</translation>
    </message>
    <message>
        <source>, burning {fire}</source>
        <translation>, brennt {fire}</translation>
    </message>
    <message>
        <source>Fire at Se&amp;lected</source>
        <translation>Auf die Aus&amp;wahl feuern</translation>
    </message>
    <message>
        <source>Fire the Fire dock&apos;s battery at the selected structure</source>
        <translation>Mit der Batterie des Feuer-Docks auf das ausgewählte Bauwerk feuern</translation>
    </message>
    <message>
        <source>Place Battery &amp;At…</source>
        <translation>Batterie aufstellen &amp;bei…</translation>
    </message>
    <message>
        <source>Place a battery with the Weapons dock&apos;s weapon at a typed square or position</source>
        <translation>Eine Batterie mit der Waffe des Waffen-Docks auf einem eingegebenen Feld oder einer Position aufstellen</translation>
    </message>
    <message>
        <source>&amp;Next Structure</source>
        <translation>&amp;Nächstes Bauwerk</translation>
    </message>
    <message>
        <source>Select the next structure, square by square</source>
        <translation>Das nächste Bauwerk auswählen, Feld für Feld</translation>
    </message>
    <message>
        <source>Pre&amp;vious Structure</source>
        <translation>&amp;Vorheriges Bauwerk</translation>
    </message>
    <message>
        <source>Select the previous structure</source>
        <translation>Das vorherige Bauwerk auswählen</translation>
    </message>
    <message>
        <source>&amp;Find Structure…</source>
        <translation>Bauwerk &amp;suchen…</translation>
    </message>
    <message>
        <source>Select a structure by its name or its square</source>
        <translation>Ein Bauwerk nach Name oder Feld auswählen</translation>
    </message>
    <message>
        <source>&amp;Go To</source>
        <translation>&amp;Gehe zu</translation>
    </message>
    <message>
        <source>Put the keyboard on the map</source>
        <translation>Die Tastatur auf die Karte setzen</translation>
    </message>
    <message>
        <source>{title} Dock</source>
        <translation>Dock {title}</translation>
    </message>
    <message>
        <source>Show the {title} dock and put the keyboard in it</source>
        <translation>Das Dock {title} zeigen und die Tastatur hineinsetzen</translation>
    </message>
    <message>
        <source>Next &amp;Pane</source>
        <translation>Nächster &amp;Bereich</translation>
    </message>
    <message>
        <source>The map, then each open dock in turn</source>
        <translation>Die Karte, dann jedes offene Dock der Reihe nach</translation>
    </message>
    <message>
        <source>Previous Pane</source>
        <translation>Vorheriger Bereich</translation>
    </message>
    <message>
        <source>Back through the panes</source>
        <translation>Zurück durch die Bereiche</translation>
    </message>
    <message>
        <source>Tool&amp;bars</source>
        <translation>Werkzeug&amp;leisten</translation>
    </message>
    <message>
        <source>Choose a weapon in the Weapons dock first: a battery needs one.</source>
        <translation>Zuerst im Waffen-Dock eine Waffe wählen: Eine Batterie braucht eine.</translation>
    </message>
    <message>
        <source>Place Battery At</source>
        <translation>Batterie aufstellen bei</translation>
    </message>
    <message>
        <source>Square (e.g. D6, its middle) or position in metres (x, y):</source>
        <translation>Feld (z. B. D6, seine Mitte) oder Position in Metern (x, y):</translation>
    </message>
    <message>
        <source>Cannot place a battery at {strip!r}: type a square (D6) or a position in metres (45, 62).</source>
        <translation>Bei {strip!r} kann keine Batterie aufgestellt werden: ein Feld (D6) oder eine Position in Metern (45, 62) eingeben.</translation>
    </message>
    <message>
        <source>Cannot place a battery there: {error}.</source>
        <translation>Dort kann keine Batterie aufgestellt werden: {error}.</translation>
    </message>
    <message>
        <source>{name} placed at ({value:g}, {value2:g}) m, square {point}. Ctrl+Z takes it back.</source>
        <translation>{name} bei ({value:g}, {value2:g}) m aufgestellt, Feld {point}. Strg+Z nimmt es zurück.</translation>
    </message>
    <message>
        <source>There is no structure to select.</source>
        <translation>Es gibt kein Bauwerk zum Auswählen.</translation>
    </message>
    <message>
        <source>Find Structure</source>
        <translation>Bauwerk suchen</translation>
    </message>
    <message>
        <source>Name or square (e.g. Keep, or D6):</source>
        <translation>Name oder Feld (z. B. Bergfried oder D6):</translation>
    </message>
    <message>
        <source>No structure is called or named by {text!r}.</source>
        <translation>Kein Bauwerk heißt {text!r} oder wird davon benannt.</translation>
    </message>
    <message>
        <source>{document} (1 of {count} matching {text!r}; Ctrl+F again for another)</source>
        <translation>{document} (1 von {count} Treffern für {text!r}; Strg+F noch einmal für den nächsten)</translation>
    </message>
    <message>
        <source>{windowTitle}: Tab moves through it; F6 moves on, Alt+0 back to the map.</source>
        <translation>{windowTitle}: Tab bewegt sich darin; F6 geht weiter, Alt+0 zurück zur Karte.</translation>
    </message>
    <message>
        <source>Autosave failed: {error}. Save your work.</source>
        <translation>Automatische Sicherung fehlgeschlagen: {error}. Bitte die Arbeit speichern.</translation>
    </message>
    <message>
        <source>{name} — {display_name}[*] — siegeboard {version}</source>
        <translation>{name} — {display_name}[*] — siegeboard {version}</translation>
    </message>
    <message>
        <source>{scale:.3g} px per m</source>
        <translation>{scale:.3g} px pro m</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>eine ganze Zahl</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>eine Zahl</translation>
    </message>
    <message>
        <source>{kind} from {low} to {high}</source>
        <translation>{kind} von {low} bis {high}</translation>
    </message>
    <message>
        <source>the outline</source>
        <translation>der Umriss</translation>
    </message>
    <message>
        <source>the number of stories</source>
        <translation>die Zahl der Stockwerke</translation>
    </message>
    <message>
        <source>the Hull suffered</source>
        <translation>der erlittene Rumpfschaden</translation>
    </message>
    <message>
        <source>the DP</source>
        <translation>die VP</translation>
    </message>
    <message>
        <source>the original DP</source>
        <translation>die ursprünglichen VP</translation>
    </message>
    <message>
        <source>the fire&apos;s level</source>
        <translation>die Stufe des Feuers</translation>
    </message>
    <message>
        <source>the name</source>
        <translation>der Name</translation>
    </message>
    <message>
        <source>the kind</source>
        <translation>die Art</translation>
    </message>
    <message>
        <source>the material</source>
        <translation>das Material</translation>
    </message>
    <message>
        <source>the map&apos;s scale</source>
        <translation>der Maßstab der Karte</translation>
    </message>
    <message>
        <source>the rotation</source>
        <translation>die Drehung</translation>
    </message>
    <message>
        <source>the range</source>
        <translation>die Entfernung</translation>
    </message>
    <message>
        <source>the team</source>
        <translation>der Trupp</translation>
    </message>
    <message>
        <source>the number of turns</source>
        <translation>die Zahl der Runden</translation>
    </message>
    <message>
        <source>the dice seed</source>
        <translation>die Würfelsaat</translation>
    </message>
    <message>
        <source>the occupants</source>
        <translation>die Insassen</translation>
    </message>
    <message>
        <source>the position</source>
        <translation>die Position</translation>
    </message>
    <message>
        <source>the weapon</source>
        <translation>die Waffe</translation>
    </message>
    <message>
        <source>the structure</source>
        <translation>das Bauwerk</translation>
    </message>
    <message>
        <source>the side</source>
        <translation>die Seite</translation>
    </message>
    <message>
        <source>the target</source>
        <translation>das Ziel</translation>
    </message>
    <message>
        <source>what the players know</source>
        <translation>was die Spieler wissen</translation>
    </message>
    <message>
        <source>the GM notes</source>
        <translation>die Notizen des Spielleiters</translation>
    </message>
    <message>
        <source>the wall</source>
        <translation>die Mauer</translation>
    </message>
    <message>
        <source>the courtyards</source>
        <translation>die Innenhöfe</translation>
    </message>
    <message>
        <source>the rule marks</source>
        <translation>die Regelmarken</translation>
    </message>
    <message>
        <source>the portcullis</source>
        <translation>das Fallgitter</translation>
    </message>
    <message>
        <source>the Breach Ladder step</source>
        <translation>die Stufe der Breschenleiter</translation>
    </message>
    <message>
        <source>the fire</source>
        <translation>das Feuer</translation>
    </message>
    <message>
        <source>the trapped</source>
        <translation>die Eingeschlossenen</translation>
    </message>
    <message>
        <source> and </source>
        <translation> und </translation>
    </message>
    <message>
        <source>The outline encloses no ground (its corners lie on one line): place at least three corners that are not in a row.</source>
        <translation>Der Umriss umschließt keine Fläche (seine Ecken liegen auf einer Linie): mindestens drei Ecken setzen, die nicht in einer Reihe liegen.</translation>
    </message>
    <message>
        <source>The outline needs at least three different corners: click three or more points.</source>
        <translation>Der Umriss braucht mindestens drei verschiedene Ecken: drei oder mehr Punkte anklicken.</translation>
    </message>
    <message>
        <source>The outline has no corners: click at least three points.</source>
        <translation>Der Umriss hat keine Ecken: mindestens drei Punkte anklicken.</translation>
    </message>
    <message>
        <source>The outline crosses itself: move a corner so that no two edges cross.</source>
        <translation>Der Umriss kreuzt sich selbst: eine Ecke so verschieben, dass sich keine zwei Kanten kreuzen.</translation>
    </message>
    <message>
        <source>A corner of the outline is not a number: draw it again.</source>
        <translation>Eine Ecke des Umrisses ist keine Zahl: ihn neu zeichnen.</translation>
    </message>
    <message>
        <source>That value cannot be used.</source>
        <translation>Dieser Wert ist nicht verwendbar.</translation>
    </message>
    <message>
        <source>a value</source>
        <translation>ein Wert</translation>
    </message>
    <message>
        <source>{noun} is missing: give it a value</source>
        <translation>{noun} fehlt: einen Wert angeben</translation>
    </message>
    <message>
        <source>{limit} or more</source>
        <translation>{limit} oder mehr</translation>
    </message>
    <message>
        <source>more than {limit}</source>
        <translation>mehr als {limit}</translation>
    </message>
    <message>
        <source>{limit} or less</source>
        <translation>{limit} oder weniger</translation>
    </message>
    <message>
        <source>less than {limit}</source>
        <translation>weniger als {limit}</translation>
    </message>
    <message>
        <source>{noun} must be {phrase}, not {input!r}</source>
        <translation>{noun} muss {phrase} sein, nicht {input!r}</translation>
    </message>
    <message>
        <source>{noun} must be a number, not {get!r}</source>
        <translation>{noun} muss eine Zahl sein, nicht {get!r}</translation>
    </message>
    <message>
        <source>{noun} must be one of {value}</source>
        <translation>{noun} muss eines von {value} sein</translation>
    </message>
    <message>
        <source>{noun} cannot be empty</source>
        <translation>{noun} darf nicht leer sein</translation>
    </message>
    <message>
        <source>east</source>
        <translation>Osten</translation>
    </message>
    <message>
        <source>north-east</source>
        <translation>Nordosten</translation>
    </message>
    <message>
        <source>north</source>
        <translation>Norden</translation>
    </message>
    <message>
        <source>north-west</source>
        <translation>Nordwesten</translation>
    </message>
    <message>
        <source>west</source>
        <translation>Westen</translation>
    </message>
    <message>
        <source>south-west</source>
        <translation>Südwesten</translation>
    </message>
    <message>
        <source>south</source>
        <translation>Süden</translation>
    </message>
    <message>
        <source>south-east</source>
        <translation>Südosten</translation>
    </message>
    <message>
        <source>all of this view is within it</source>
        <translation>diese ganze Ansicht liegt darin</translation>
    </message>
    <message>
        <source>all of this view is beyond it</source>
        <translation>diese ganze Ansicht liegt außerhalb</translation>
    </message>
    <message>
        <source>its ring crosses this view</source>
        <translation>sein Ring kreuzt diese Ansicht</translation>
    </message>
    <message>
        <source>Range bands out of sight</source>
        <translation>Entfernungsbänder außer Sicht</translation>
    </message>
    <message>
        <source>Range from {name}</source>
        <translation>Entfernung von {name}</translation>
    </message>
    <message>
        <source>, {distance_words} to the {point} {arrow}</source>
        <translation>, {distance_words} nach {point} {arrow}</translation>
    </message>
    <message>
        <source>The map shows the siege as it was after entry {n} of {total}: move the timeline back to Now to play or edit</source>
        <translation>Die Karte zeigt die Belagerung, wie sie nach Eintrag {n} von {total} war: die Zeitleiste zurück auf Jetzt stellen, um zu spielen oder zu bearbeiten</translation>
    </message>
    <message>
        <source>Scrub through the log: the map shows the siege as it was</source>
        <translation>Durch das Protokoll blättern: Die Karte zeigt die Belagerung, wie sie war</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Jetzt</translation>
    </message>
    <message>
        <source>Back to the siege as it is: play resumes</source>
        <translation>Zurück zur Belagerung, wie sie ist: Das Spiel geht weiter</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Zeitleiste</translation>
    </message>
    <message>
        <source>Now (no action logged yet)</source>
        <translation>Jetzt (noch keine Aktion protokolliert)</translation>
    </message>
    <message>
        <source>Cannot show the past: {error}</source>
        <translation>Die Vergangenheit kann nicht gezeigt werden: {error}</translation>
    </message>
    <message>
        <source>After entry {position} of {total}</source>
        <translation>Nach Eintrag {position} von {total}</translation>
    </message>
    <message>
        <source>Before the first action (0 of {total})</source>
        <translation>Vor der ersten Aktion (0 von {total})</translation>
    </message>
    <message>
        <source>{label} tool</source>
        <translation>Werkzeug {label}</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>Battery</source>
        <translation>Batterie</translation>
    </message>
    <message>
        <source>Battery: click to place a gun position with the current weapon, or drag one to move it (Ctrl: off the grid); then back to Select.</source>
        <translation>Batterie: klicken, um mit der aktuellen Waffe eine Geschützstellung zu setzen, oder eine ziehen, um sie zu verschieben (Strg: abseits des Rasters); dann zurück zu Auswählen.</translation>
    </message>
    <message>
        <source>Cannot place a battery here: {error}.</source>
        <translation>Hier kann keine Batterie aufgestellt werden: {error}.</translation>
    </message>
    <message>
        <source>{name} placed at ({value:g}, {value2:g}) m. Back to Select; press B for another battery or to drag this one.</source>
        <translation>{name} bei ({value:g}, {value2:g}) m aufgestellt. Zurück zu Auswählen; B drücken für eine weitere Batterie oder um diese zu ziehen.</translation>
    </message>
    <message>
        <source>Calibrate</source>
        <translation>Kalibrieren</translation>
    </message>
    <message>
        <source>Calibrate: click two points a known distance apart on the plan.</source>
        <translation>Kalibrieren: zwei Punkte in bekanntem Abstand auf dem Plan anklicken.</translation>
    </message>
    <message>
        <source>Calibrate: import a map image first (Map &gt; Import image).</source>
        <translation>Kalibrieren: zuerst ein Kartenbild importieren (Karte &gt; Bild importieren).</translation>
    </message>
    <message>
        <source>Calibrate: no printed grid found on the plan; click two points a known distance apart on it.</source>
        <translation>Kalibrieren: kein gedrucktes Raster auf dem Plan gefunden; zwei Punkte in bekanntem Abstand darauf anklicken.</translation>
    </message>
    <message>
        <source>Calibrate: the plan has a printed grid of {cell_px:.1f} px a cell (drawn in orange): press Enter to use it, or click two points a known distance apart.</source>
        <translation>Kalibrieren: Der Plan hat ein gedrucktes Raster von {cell_px:.1f} px pro Zelle (orange gezeichnet): Enter drücken, um es zu verwenden, oder zwei Punkte in bekanntem Abstand anklicken.</translation>
    </message>
    <message>
        <source>The plan&apos;s grid</source>
        <translation>Das Raster des Plans</translation>
    </message>
    <message>
        <source>The plan&apos;s printed grid has cells of {cell_px:.1f} pixels (drawn in orange). Correct the size if it is off:</source>
        <translation>Das gedruckte Raster des Plans hat Zellen von {cell_px:.1f} Pixeln (orange gezeichnet). Die Größe korrigieren, falls sie nicht stimmt:</translation>
    </message>
    <message>
        <source>A grid cell must be more than 0 pixels, not {cell:g}. The map&apos;s scale is unchanged.</source>
        <translation>Eine Rasterzelle muss größer als 0 Pixel sein, nicht {cell:g}. Der Kartenmaßstab ist unverändert.</translation>
    </message>
    <message>
        <source>Calibrate the map</source>
        <translation>Die Karte kalibrieren</translation>
    </message>
    <message>
        <source>How many metres is one cell?</source>
        <translation>Wie viele Meter ist eine Zelle?</translation>
    </message>
    <message>
        <source>Calibration: a cell must be more than 0 m, not {metres:g} m. The map&apos;s scale is unchanged.</source>
        <translation>Kalibrierung: Eine Zelle muss größer als 0 m sein, nicht {metres:g} m. Der Kartenmaßstab ist unverändert.</translation>
    </message>
    <message>
        <source>Calibrate map to its grid of {cell:g} px a cell</source>
        <translation>Karte auf ihr Raster von {cell:g} px pro Zelle kalibrieren</translation>
    </message>
    <message>
        <source>Map scale: {value:.2f} pixels per 2 m, the grid on the plan&apos;s lines.</source>
        <translation>Kartenmaßstab: {value:.2f} Pixel pro 2 m, das Raster auf den Linien des Plans.</translation>
    </message>
    <message>
        <source>There is no map image to calibrate: import one first.</source>
        <translation>Es gibt kein Kartenbild zu kalibrieren: zuerst eines importieren.</translation>
    </message>
    <message>
        <source>Calibration needs two different points.</source>
        <translation>Die Kalibrierung braucht zwei verschiedene Punkte.</translation>
    </message>
    <message>
        <source>These points are {pixels:.1f} image pixels apart.
How many metres apart are they?</source>
        <translation>Diese Punkte liegen {pixels:.1f} Bildpixel auseinander.
Wie viele Meter liegen sie auseinander?</translation>
    </message>
    <message>
        <source>Calibration: the distance must be more than 0 m, not {metres:g} m. The map&apos;s scale is unchanged.</source>
        <translation>Kalibrierung: Die Entfernung muss größer als 0 m sein, nicht {metres:g} m. Der Kartenmaßstab ist unverändert.</translation>
    </message>
    <message>
        <source>Map scale: {value:.2f} pixels per 2 m.</source>
        <translation>Kartenmaßstab: {value:.2f} Pixel pro 2 m.</translation>
    </message>
    <message>
        <source> Kind </source>
        <translation> Art </translation>
    </message>
    <message>
        <source>Fire: hover to see the range, band and blast; click to fire the chosen battery (or weapon at a typed range) at that point.</source>
        <translation>Feuer: Zeiger darüber zeigt Entfernung, Band und Explosion; Klick feuert die gewählte Batterie (oder die Waffe auf eine eingegebene Entfernung) auf diesen Punkt.</translation>
    </message>
    <message>
        <source>Fire at square</source>
        <translation>Auf Feld feuern</translation>
    </message>
    <message>
        <source>≤ {limit:g} m · pen {penetration}</source>
        <translation>≤ {limit:g} m · Durchschl. {penetration}</translation>
    </message>
    <message>
        <source>from {name}</source>
        <translation>von {name}</translation>
    </message>
    <message>
        <source>range typed</source>
        <translation>Entfernung eingegeben</translation>
    </message>
    <message>
        <source>{square}: choose a battery or a weapon to fire</source>
        <translation>{square}: eine Batterie oder eine Waffe zum Feuern wählen</translation>
    </message>
    <message>
        <source>{name} at {square}</source>
        <translation>{name} auf {square}</translation>
    </message>
    <message>
        <source>range {range_m:.1f} m ({how})</source>
        <translation>Entfernung {range_m:.1f} m ({how})</translation>
    </message>
    <message>
        <source>on {name}</source>
        <translation>auf {name}</translation>
    </message>
    <message>
        <source>choose a battery, or a weapon in the Weapons dock</source>
        <translation>eine Batterie wählen oder eine Waffe im Waffen-Dock</translation>
    </message>
    <message>
        <source>Cannot fire: {error}.</source>
        <translation>Feuern nicht möglich: {error}.</translation>
    </message>
    <message>
        <source>{raw} is off the plan, with nothing of the siege there. Fire at it anyway?</source>
        <translation>{raw} liegt außerhalb des Plans, und dort ist nichts von der Belagerung. Trotzdem darauf feuern?</translation>
    </message>
    <message>
        <source>Fire Anyway</source>
        <translation>Trotzdem feuern</translation>
    </message>
    <message>
        <source>square, e.g. D6; Enter fires</source>
        <translation>Feld, z. B. D6; Enter feuert</translation>
    </message>
    <message>
        <source>Type a 10 m square and press Enter to fire the chosen battery at the structure it names; Enter with the box empty fires at the selected structure</source>
        <translation>Ein 10-m-Feld eingeben und Enter drücken, um die gewählte Batterie auf das Bauwerk zu feuern, das es benennt; Enter bei leerem Feld feuert auf das ausgewählte Bauwerk</translation>
    </message>
    <message>
        <source>Type a square (D6) and press Enter: the chosen battery fires at the structure that square names. Empty: at the selection.</source>
        <translation>Ein Feld (D6) eingeben und Enter drücken: Die gewählte Batterie feuert auf das Bauwerk, das dieses Feld benennt. Leer: auf die Auswahl.</translation>
    </message>
    <message>
        <source>Cannot fire: select one structure first (N steps through them, Ctrl+F finds one), or type a square in the Fire box.</source>
        <translation>Feuern nicht möglich: zuerst ein Bauwerk auswählen (N geht sie durch, Strg+F findet eines) oder ein Feld in das Feuerfeld eingeben.</translation>
    </message>
    <message>
        <source>Cannot fire: {count} structures are selected; select one, or type a square in the Fire box.</source>
        <translation>Feuern nicht möglich: {count} Bauwerke sind ausgewählt; eines auswählen oder ein Feld in das Feuerfeld eingeben.</translation>
    </message>
    <message>
        <source>Cannot fire: {text!r} is not a square; type a column and a row, e.g. D6.</source>
        <translation>Feuern nicht möglich: {text!r} ist kein Feld; eine Spalte und eine Zeile eingeben, z. B. D6.</translation>
    </message>
    <message>
        <source>No structure is named by {label}. Fire at the middle of {label} anyway?</source>
        <translation>{label} benennt kein Bauwerk. Trotzdem auf die Mitte von {label} feuern?</translation>
    </message>
    <message>
        <source>Fire at</source>
        <translation>Feuern auf</translation>
    </message>
    <message>
        <source>{label} names {count} structures. Fire at which?</source>
        <translation>{label} benennt {count} Bauwerke. Auf welches feuern?</translation>
    </message>
    <message>
        <source>Grid origin</source>
        <translation>Rasterursprung</translation>
    </message>
    <message>
        <source>Grid origin: click a corner of one of the plan&apos;s squares; the grid&apos;s lines move to pass through it. The squares keep their names (A1 stays the square at the plan&apos;s north-west corner).</source>
        <translation>Rasterursprung: eine Ecke eines der Felder des Plans anklicken; die Linien des Rasters verschieben sich, um durch sie zu laufen. Die Felder behalten ihre Namen (A1 bleibt das Feld an der Nordwestecke des Plans).</translation>
    </message>
    <message>
        <source>The grid&apos;s lines now pass through ({x:.1f}, {y:.1f}) m; the squares kept their names. Back to Select.</source>
        <translation>Die Linien des Rasters laufen jetzt durch ({x:.1f}, {y:.1f}) m; die Felder haben ihre Namen behalten. Zurück zu Auswählen.</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>Messen</translation>
    </message>
    <message>
        <source>Measure (the ruler): click a point, then another (or drag between them); the distance in metres and 10 m squares is written on the map (Ctrl: off the grid).</source>
        <translation>Messen (das Lineal): einen Punkt anklicken, dann einen weiteren (oder zwischen ihnen ziehen); die Entfernung in Metern und 10-m-Feldern steht auf der Karte (Strg: abseits des Rasters).</translation>
    </message>
    <message numerus="yes">
        <source>Distance {metres:.1f} m, %n square(s) apart</source>
        <translation>
            <numerusform>Entfernung {metres:.1f} m, %n Feld auseinander</numerusform>
            <numerusform>Entfernung {metres:.1f} m, %n Felder auseinander</numerusform>
        </translation>
    </message>
    <message>
        <source>Polygon</source>
        <translation>Polygon</translation>
    </message>
    <message>
        <source>Polygon: click the corners; double-click or Enter to finish, Backspace takes back a corner, Esc cancels (Ctrl: off the grid; Alt at the first corner: cut a courtyard in the selected building).</source>
        <translation>Polygon: die Ecken anklicken; Doppelklick oder Enter beendet, Rücktaste nimmt eine Ecke zurück, Esc bricht ab (Strg: abseits des Rasters; Alt an der ersten Ecke: einen Innenhof in das ausgewählte Gebäude schneiden).</translation>
    </message>
    <message>
        <source>Polygon: select one building first to cut a courtyard in it.</source>
        <translation>Polygon: zuerst ein Gebäude auswählen, um einen Innenhof hineinzuschneiden.</translation>
    </message>
    <message>
        <source>Polygon: it needs at least three corners.</source>
        <translation>Polygon: Es braucht mindestens drei Ecken.</translation>
    </message>
    <message>
        <source>Cannot draw this polygon: {error}. Take corners back with Backspace or press Esc to start again.</source>
        <translation>Dieses Polygon kann nicht gezeichnet werden: {error}. Ecken mit der Rücktaste zurücknehmen oder Esc drücken, um neu anzufangen.</translation>
    </message>
    <message>
        <source>Rectangle</source>
        <translation>Rechteck</translation>
    </message>
    <message>
        <source>Rectangle: drag from corner to corner (hold Ctrl to leave the grid).</source>
        <translation>Rechteck: von Ecke zu Ecke ziehen (Strg halten, um das Raster zu verlassen).</translation>
    </message>
    <message>
        <source>Rectangle: drag to give it a width and a depth.</source>
        <translation>Rechteck: ziehen, um ihm Breite und Tiefe zu geben.</translation>
    </message>
    <message>
        <source>Cannot draw this rectangle: {error}.</source>
        <translation>Dieses Rechteck kann nicht gezeichnet werden: {error}.</translation>
    </message>
    <message>
        <source>Select</source>
        <translation>Auswählen</translation>
    </message>
    <message>
        <source>Select: click or drag a box; Shift adds; drag to move (Ctrl: off the grid); drag a corner to reshape.</source>
        <translation>Auswählen: klicken oder einen Rahmen ziehen; Umschalt fügt hinzu; ziehen verschiebt (Strg: abseits des Rasters); eine Ecke ziehen formt um.</translation>
    </message>
    <message>
        <source>Cannot move this corner: {error}. The structure is unchanged.</source>
        <translation>Diese Ecke kann nicht verschoben werden: {error}. Das Bauwerk ist unverändert.</translation>
    </message>
    <message>
        <source>Show the Players a Box</source>
        <translation>Den Spielern einen Ausschnitt zeigen</translation>
    </message>
    <message>
        <source>Show the players: drag a box; their screen shows it (View &gt; Players&apos; Screen).</source>
        <translation>Den Spielern zeigen: einen Rahmen ziehen; ihr Bildschirm zeigt ihn (Ansicht &gt; Spielerbildschirm).</translation>
    </message>
    <message>
        <source>Drag a box to show the players.</source>
        <translation>Einen Rahmen ziehen, um ihn den Spielern zu zeigen.</translation>
    </message>
    <message>
        <source>Open the players&apos; screen first (View &gt; Players&apos; Screen).</source>
        <translation>Zuerst den Spielerbildschirm öffnen (Ansicht &gt; Spielerbildschirm).</translation>
    </message>
    <message>
        <source>Trace</source>
        <translation>Nachzeichnen</translation>
    </message>
    <message>
        <source>Trace: click inside a building on the plan to add its outline; Ctrl+wheel changes the tolerance; Shift-drag a box to trace every building of that colour in it; Alt-click a building to make its colour the Kind chosen.</source>
        <translation>Nachzeichnen: in ein Gebäude auf dem Plan klicken, um seinen Umriss hinzuzufügen; Strg+Mausrad ändert die Toleranz; mit Umschalt einen Rahmen ziehen, um jedes Gebäude dieser Farbe darin nachzuzeichnen; Alt-Klick auf ein Gebäude macht seine Farbe zur gewählten Art.</translation>
    </message>
    <message>
        <source>How far a colour may differ from the one clicked and still be the same building (Ctrl+wheel on the map)</source>
        <translation>Wie weit eine Farbe von der angeklickten abweichen darf und doch dasselbe Gebäude ist (Strg+Mausrad auf der Karte)</translation>
    </message>
    <message>
        <source>Trace the smallest rotated rectangle around the building</source>
        <translation>Das kleinste gedrehte Rechteck um das Gebäude nachzeichnen</translation>
    </message>
    <message>
        <source>Snap to grid</source>
        <translation>Am Raster ausrichten</translation>
    </message>
    <message>
        <source>Put the traced corners on the 2 m grid</source>
        <translation>Die nachgezeichneten Ecken auf das 2-m-Raster setzen</translation>
    </message>
    <message>
        <source>Legend…</source>
        <translation>Legende…</translation>
    </message>
    <message>
        <source>The plan&apos;s colours and the kinds they stand for (Alt-click a building to give its colour the Kind chosen here)</source>
        <translation>Die Farben des Plans und die Arten, für die sie stehen (Alt-Klick auf ein Gebäude gibt seiner Farbe die hier gewählte Art)</translation>
    </message>
    <message>
        <source>  Tolerance {tolerance} </source>
        <translation>  Toleranz {tolerance} </translation>
    </message>
    <message>
        <source>Trace: import a plan image first (Map &gt; Import image).</source>
        <translation>Nachzeichnen: zuerst ein Planbild importieren (Karte &gt; Bild importieren).</translation>
    </message>
    <message>
        <source>{name} (the legend&apos;s {value})</source>
        <translation>{name} ({value} der Legende)</translation>
    </message>
    <message>
        <source>Trace: Alt-click on the plan, on a building&apos;s colour.</source>
        <translation>Nachzeichnen: Alt-Klick auf den Plan, auf die Farbe eines Gebäudes.</translation>
    </message>
    <message>
        <source>The plan&apos;s legend holds 32 colours at most; remove one first (Legend… on the toolbar).</source>
        <translation>Die Legende des Plans fasst höchstens 32 Farben; zuerst eine entfernen (Legende… in der Werkzeugleiste).</translation>
    </message>
    <message>
        <source>Trace: the plan&apos;s {colour} is now {name}; buildings of that colour are traced as {name}.</source>
        <translation>Nachzeichnen: Das {colour} des Plans ist jetzt {name}; Gebäude dieser Farbe werden als {name} nachgezeichnet.</translation>
    </message>
    <message numerus="yes">
        <source>Trace: the plan&apos;s legend holds %n colour.</source>
        <translation>
            <numerusform>Nachzeichnen: Die Legende des Plans enthält %n Farbe.</numerusform>
            <numerusform>Nachzeichnen: Die Legende des Plans enthält %n Farben.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Trace: the plan&apos;s legend holds %n colours.</source>
        <translation>
            <numerusform>Nachzeichnen: Die Legende des Plans enthält %n Farbe.</numerusform>
            <numerusform>Nachzeichnen: Die Legende des Plans enthält %n Farben.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Trace: %n outline dropped.</source>
        <translation>
            <numerusform>Nachzeichnen: %n Umriss verworfen.</numerusform>
            <numerusform>Nachzeichnen: %n Umrisse verworfen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Trace: %n outlines dropped.</source>
        <translation>
            <numerusform>Nachzeichnen: %n Umriss verworfen.</numerusform>
            <numerusform>Nachzeichnen: %n Umrisse verworfen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Trace: tolerance {tolerance} (of 255).</source>
        <translation>Nachzeichnen: Toleranz {tolerance} (von 255).</translation>
    </message>
    <message>
        <source>Trace: {error}.</source>
        <translation>Nachzeichnen: {error}.</translation>
    </message>
    <message>
        <source>Trace: the pointer is off the plan.</source>
        <translation>Nachzeichnen: Der Zeiger ist außerhalb des Plans.</translation>
    </message>
    <message>
        <source>Cannot add this outline: {error}.</source>
        <translation>Dieser Umriss kann nicht hinzugefügt werden: {error}.</translation>
    </message>
    <message>
        <source>Trace: added {name}, {kind} ({count} corners).</source>
        <translation>Nachzeichnen: {name} hinzugefügt, {kind} ({count} Ecken).</translation>
    </message>
    <message>
        <source>Trace: start the box on the plan, on the colour to trace.</source>
        <translation>Nachzeichnen: den Rahmen auf dem Plan beginnen, auf der nachzuzeichnenden Farbe.</translation>
    </message>
    <message>
        <source>Trace: no building of that colour lies in the box (start the drag inside one).</source>
        <translation>Nachzeichnen: Kein Gebäude dieser Farbe liegt im Rahmen (das Ziehen in einem beginnen).</translation>
    </message>
    <message>
        <source>Trace: {count} buildings of that colour in the box: Enter adds them, Escape drops them.</source>
        <translation>Nachzeichnen: {count} Gebäude dieser Farbe im Rahmen: Enter fügt sie hinzu, Escape verwirft sie.</translation>
    </message>
    <message>
        <source>Trace {count} buildings</source>
        <translation>{count} Gebäude nachzeichnen</translation>
    </message>
    <message>
        <source>Cannot add these outlines: {error}</source>
        <translation>Diese Umrisse können nicht hinzugefügt werden: {error}</translation>
    </message>
    <message>
        <source>Trace: added {count} buildings.</source>
        <translation>Nachzeichnen: {count} Gebäude hinzugefügt.</translation>
    </message>
    <message>
        <source> (it runs off the scan&apos;s edge)</source>
        <translation> (er läuft über den Rand des Scans hinaus)</translation>
    </message>
    <message>
        <source>Trace: click to add this outline as {kind}, {count} corners{clipped}; tolerance {tolerance}; Alt-click: this colour is the Kind chosen.</source>
        <translation>Nachzeichnen: klicken, um diesen Umriss als {kind} hinzuzufügen, {count} Ecken{clipped}; Toleranz {tolerance}; Alt-Klick: Diese Farbe ist die gewählte Art.</translation>
    </message>
    <message>
        <source>Wall</source>
        <translation>Mauer</translation>
    </message>
    <message>
        <source>Wall: click along the centre line; double-click or Enter to finish. It is cut into sections of the ruleset&apos;s length (Ctrl: off the grid).</source>
        <translation>Mauer: entlang der Mittellinie klicken; Doppelklick oder Enter beendet. Sie wird in Abschnitte der Länge des Regelwerks geteilt (Strg: abseits des Rasters).</translation>
    </message>
    <message>
        <source>The wall&apos;s thickness</source>
        <translation>Die Stärke der Mauer</translation>
    </message>
    <message>
        <source>  Wall thickness </source>
        <translation>  Mauerstärke </translation>
    </message>
    <message>
        <source>Wall: it needs at least two points.</source>
        <translation>Mauer: Sie braucht mindestens zwei Punkte.</translation>
    </message>
    <message numerus="yes">
        <source>Draw a wall of %n section(s)</source>
        <translation>
            <numerusform>Eine Mauer aus %n Abschnitt zeichnen</numerusform>
            <numerusform>Eine Mauer aus %n Abschnitten zeichnen</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot draw this wall: {error}. Take points back with Backspace or press Esc to start again.</source>
        <translation>Diese Mauer kann nicht gezeichnet werden: {error}. Punkte mit der Rücktaste zurücknehmen oder Esc drücken, um neu anzufangen.</translation>
    </message>
    <message>
        <source>besieger</source>
        <translation>Belagerer</translation>
    </message>
    <message>
        <source>defender</source>
        <translation>Verteidiger</translation>
    </message>
    <message>
        <source>wood</source>
        <translation>Holz</translation>
    </message>
    <message>
        <source>wattle</source>
        <translation>Flechtwerk</translation>
    </message>
    <message>
        <source>brick</source>
        <translation>Ziegel</translation>
    </message>
    <message>
        <source>stone</source>
        <translation>Stein</translation>
    </message>
    <message>
        <source>concrete</source>
        <translation>Beton</translation>
    </message>
    <message>
        <source>earth</source>
        <translation>Erde</translation>
    </message>
    <message>
        <source>steel</source>
        <translation>Stahl</translation>
    </message>
    <message>
        <source>iron</source>
        <translation>Eisen</translation>
    </message>
    <message>
        <source>personal</source>
        <translation>persönlich</translation>
    </message>
    <message>
        <source>light</source>
        <translation>leicht</translation>
    </message>
    <message>
        <source>standard</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>heavy</source>
        <translation>schwer</translation>
    </message>
    <message>
        <source>capital</source>
        <translation>schwerste</translation>
    </message>
    <message>
        <source>gun</source>
        <translation>Geschütz</translation>
    </message>
    <message>
        <source>petard</source>
        <translation>Petarde</translation>
    </message>
    <message>
        <source>breaching_charge</source>
        <translation>Breschladung</translation>
    </message>
    <message>
        <source>demolition_charge</source>
        <translation>Sprengladung</translation>
    </message>
    <message>
        <source>mine</source>
        <translation>Mine</translation>
    </message>
    <message>
        <source>incendiary</source>
        <translation>Brandsatz</translation>
    </message>
    <message>
        <source>day</source>
        <translation>Tag</translation>
    </message>
    <message>
        <source>week</source>
        <translation>Woche</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>System</source>
        <translation>Systemsprache</translation>
    </message>
    <message>
        <source>The language changes when siegeboard is next started.</source>
        <translation>Die Sprache wechselt beim nächsten Start von siegeboard.</translation>
    </message>
</context>
</TS>
