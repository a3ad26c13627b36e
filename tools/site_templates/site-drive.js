// The site's own storage for a table app's page: the files JupyterLite keeps for the whole site in
// the browser (IndexedDB: the database named by the site's build, its store "files", one entry a
// file or a folder, as JupyterLite's contents service saves it), so that the scorekeeper's nights
// and the trainer's tally are the same files the lessons see in the site's JupyterLab.
//
// As Python starts, the data folder (mjscore-data) is copied from there into Python's /drive.
// Before each thing Python does, what another page changed there since is brought in; after it,
// every file Python changed is saved back, and every file it removed is removed; pages of this
// kind take their turns across tabs (table-app.js holds a lock while it does), so two tabs on one
// night each see the other's hands and never write over them. A browser that refuses the site its storage (a private window, say) gives
// no drive at all: Python then has no /drive, and mjscore says that nothing is kept.
"use strict";

class SiteDrive {
  // The site's storage named `database`, or null where the browser refuses it.
  static async open(database) {
    try {
      let db = await SiteDrive.opened(indexedDB.open(database));
      if (!db.objectStoreNames.contains("files")) {  // a site never opened in JupyterLab: made as JupyterLite makes it
        const version = db.version + 1;
        db.close();
        const asked = indexedDB.open(database, version);
        asked.onupgradeneeded = () => asked.result.createObjectStore("files");
        db = await SiteDrive.opened(asked);
      }
      return new SiteDrive(database, db);
    } catch (refused) {
      return null;
    }
  }

  static opened(request) {
    return new Promise((done, failed) => {
      request.onsuccess = () => done(request.result);
      request.onerror = () => failed(request.error);
      request.onblocked = () => failed(new Error("the site's storage is being changed in another tab"));
    });
  }

  static asked(request) {
    return new Promise((done, failed) => {
      request.onsuccess = () => done(request.result);
      request.onerror = () => failed(request.error);
    });
  }

  constructor(database, db) {
    this.database = database;
    this.watch(db);
    this.known = new Map();  // each file of the folder in Python, as last loaded or saved: "mtime size"
    this.seen = new Map();   // and as the site's storage last had it: "last_modified size"
  }

  // Let the site's JupyterLab change the database (it adds stores as it needs them) while this page
  // is open: the connection is closed, and opened again when next needed.
  watch(db) {
    this.db = db;
    db.onversionchange = () => {
      db.close();
      this.db = null;
    };
  }

  async store(mode) {
    if (!this.db) {
      this.watch(await SiteDrive.opened(indexedDB.open(this.database)));
    }
    return this.db.transaction("files", mode).objectStore("files");
  }

  // Bring Python's /drive/folder up to date with the folder `folder` of the site's files: each
  // file another page changed there since (another tab, a lesson in the site's JupyterLab) written
  // in, each it removed removed. The first time, the whole folder.
  async load(fs, folder) {
    this.folder = "/drive/" + folder;
    fs.mkdirTree(this.folder);
    const files = await this.store("readonly");
    const [keys, models] = await Promise.all([SiteDrive.asked(files.getAllKeys()), SiteDrive.asked(files.getAll())]);
    const there = new Set();
    keys.forEach((key, i) => {
      if (key !== folder && !key.startsWith(folder + "/")) {
        return;
      }
      const model = models[i], path = "/drive/" + key;
      if (model.type === "directory") {
        fs.mkdirTree(path);
        return;
      }
      there.add(path);
      if (this.seen.get(path) !== SiteDrive.said(model)) {
        fs.mkdirTree(path.slice(0, path.lastIndexOf("/")));
        fs.writeFile(path, SiteDrive.bytes(model));
        this.seen.set(path, SiteDrive.said(model));
        this.known.set(path, SiteDrive.stamp(fs, path));
      }
    });
    for (const path of [...this.seen.keys()].filter((path) => !there.has(path))) {
      if (fs.analyzePath(path).exists) fs.unlink(path);
      this.seen.delete(path);
      this.known.delete(path);
    }
  }

  // Save each file Python changed in the folder since the last time, and forget each it removed.
  async save(fs) {
    const found = new Map(), folders = [];
    const walk = (path) => {
      if (!fs.analyzePath(path).exists) return;
      folders.push(path);
      for (const name of fs.readdir(path)) {
        if (name === "." || name === "..") continue;
        const inside = path + "/" + name;
        if (fs.isDir(fs.stat(inside).mode)) walk(inside); else found.set(inside, SiteDrive.stamp(fs, inside));
      }
    };
    walk(this.folder);
    const changed = [...found].filter(([path, stamp]) => this.known.get(path) !== stamp);
    const gone = [...this.known.keys()].filter((path) => !found.has(path));
    if (changed.length === 0 && gone.length === 0) return;
    const files = await this.store("readwrite");
    const now = new Date().toISOString();
    for (const path of folders) {
      const key = path.slice("/drive/".length);
      const had = await SiteDrive.asked(files.get(key));
      if (!had) {
        files.put({name: key.split("/").pop(), path: key, last_modified: now, created: now, format: "json",
                   mimetype: "", content: null, size: 0, writable: true, type: "directory"}, key);
      }
    }
    for (const [path, stamp] of changed) {
      const key = path.slice("/drive/".length), data = fs.readFile(path);
      const had = (await SiteDrive.asked(files.get(key))) || {created: now, mimetype: "text/plain"};
      const model = {name: key.split("/").pop(), path: key, last_modified: now, created: had.created,
                     format: "text", mimetype: had.mimetype, content: new TextDecoder().decode(data),
                     size: data.length, writable: true, type: "file"};
      files.put(model, key);
      this.known.set(path, stamp);
      this.seen.set(path, SiteDrive.said(model));
    }
    for (const path of gone) {
      files.delete(path.slice("/drive/".length));
      this.known.delete(path);
      this.seen.delete(path);
    }
    await new Promise((done, failed) => {
      files.transaction.oncomplete = done;
      files.transaction.onerror = () => failed(files.transaction.error);
    });
  }

  // A file's contents as JupyterLite keeps them: text, base64 or JSON.
  static bytes(model) {
    if (model.format === "base64") {
      return Uint8Array.from(atob(model.content || ""), (c) => c.charCodeAt(0));
    }
    const text = model.format === "json" ? JSON.stringify(model.content) : (model.content || "");
    return new TextEncoder().encode(text);
  }

  // When the site's storage says a file was last changed, and its size.
  static said(model) {
    return `${model.last_modified} ${model.size}`;
  }

  static stamp(fs, path) {
    const seen = fs.stat(path);
    return `${seen.mtime.getTime()} ${seen.size}`;
  }
}
