// Runs FVTT-DD-Import's own ddimport.js (moo-man/FVTT-DD-Import) on a Universal VTT file,
// outside Foundry: the few Foundry globals the module touches are stood in for (a document
// keeps the data it is given; no setting is on, as in a fresh world), then its static
// GetWalls, GetDoors and GetLights make what an import makes. Prints them as JSON.
//   node foundry_run.js ddimport.js map.dd2vtt
"use strict";
const fs = require("fs");
const vm = require("vm");

const [source, file] = process.argv.slice(2);

class FoundryDocument {
  constructor(data) { this.data = data; }
  toObject() { return this.data; }
}

const context = {
  console,
  Hooks: { on() {} },
  foundry: {
    applications: { api: { ApplicationV2: class {}, HandlebarsApplicationMixin: (base) => base } },
    utils: { randomID: () => "level", deepClone: (o) => JSON.parse(JSON.stringify(o)) },
  },
  game: { settings: { get: () => false }, system: { grid: { distance: 5 } } },
  CONST: { WALL_SENSE_TYPES: { NONE: 0, LIMITED: 10, NORMAL: 20, PROXIMITY: 30 } },
  WallDocument: FoundryDocument,
  AmbientLightDocument: FoundryDocument,
};
vm.createContext(context);
vm.runInContext(fs.readFileSync(source, "utf8") + "\n;globalThis.DDImporter = DDImporter;",
                context, { filename: "ddimport.js" });
const importer = context.DDImporter;
const data = JSON.parse(fs.readFileSync(file, "utf8"));
const scene = { getDimensions: () => ({ sceneX: 0, sceneY: 0 }) };
const ppg = data.resolution.pixels_per_grid;
const fidelity = 3; // the dialog's middle setting
const out = {
  walls: importer.GetWalls(data, scene, 6 - fidelity, 0, ppg).map((w) => w.toObject()),
  doors: importer.GetDoors(data, scene, 0, ppg).map((w) => w.toObject()),
  lights: importer.GetLights(data, scene, ppg).map((l) => l.toObject()),
};
process.stdout.write(JSON.stringify(out));
