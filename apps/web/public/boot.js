/*
 * Runs before the page is drawn (index.html loads it as a blocking script: the CSP allows no inline
 * script). It sets the page's language and which frame index.html shows, then, once that frame is on
 * screen, fetches the app: its entry and every chunk the opened page needs, all at once. The lists
 * come from index.html's boot-data, written at build (build/boot.ts).
 */
(() => {
  const data = JSON.parse(document.getElementById('boot-data').textContent);
  // The app's own choice (lib/store.ts keeps it under this key), else the contract's default language.
  let language = data.defaultLanguage;
  let saved = null;
  try {
    saved = JSON.parse(localStorage.getItem('sbc-wallet') || 'null');
    const chosen = saved?.state?.language;
    if (typeof chosen === 'string' && Object.hasOwn(data.languages, chosen)) language = chosen;
  } catch {
    // No storage (private mode) or an unreadable entry: the default language.
  }
  document.documentElement.lang = language;
  const [path, search = ''] = location.hash.replace(/^#/, '').split('?');
  const route = path || '/';
  const params = new URLSearchParams(search);
  // Pages other than the three tabs have no tab bar: the frame leaves it out too.
  if (!data.tabs.includes(route)) document.documentElement.setAttribute('data-boot-page', '');

  // Signed in on this origin: the replies the page reads first are asked for now, while the scripts
  // load (src/lib/boot-replies.ts hands them to the app), not after the scripts have run.
  const state = saved?.state;
  if (state?.signedIn === true && !state.serverUrl && data.replies[route]) {
    const headers = { Accept: 'application/json', 'Accept-Language': language, [data.sessionHeader]: 'cookie' };
    const replies = {};
    for (const template of data.replies[route]) {
      // A {name} is this page's query parameter, encoded as the app encodes it; without it, nothing is asked.
      let complete = true;
      const path = template.replace(/\{(\w+)\}/g, (_, name) => {
        const value = params.get(name);
        if (!value) complete = false;
        return encodeURIComponent(value || '');
      });
      if (!complete) continue;
      replies[path] = fetch(path, { headers, credentials: 'include' });
      replies[path].catch(() => undefined);
    }
    window.__walletBootReplies = { language, openedAt: performance.now(), replies };
    // A page of dated rows (the records, a card's transactions) makes its date formatter now, before
    // the frame is painted. The first formatter a page makes loads the time zone and the locale's
    // calendar, some 45 ms on this project's machines and four times that on a slow phone: made by the
    // list's first drawing or on its reply, it was one long task after the frame, where it held back
    // any tap (Lighthouse's blocking time), with nothing to show for it before the rows.
    if (data.replies[route].some((template) => data.datedReplies.includes(template))) {
      new Intl.DateTimeFormat(data.dateLocales[language], { dateStyle: 'medium', timeStyle: 'short' });
    }
  }

  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // The entry, this page's chunk and the language pack, with every chunk they import, at once.
    const wanted = new Set();
    const add = (index) => {
      if (index === undefined || wanted.has(index)) return;
      wanted.add(index);
      for (const imported of data.imports[index]) add(imported);
    };
    add(data.entry);
    // A page other than the tabs is drawn from the table of those pages, a chunk of its own.
    if (!data.tabs.includes(route)) add(data.otherRoutes);
    add(data.routes[route]);
    add(data.languages[language]);
    // Every page but home draws with the language's whole catalogue (src/app/lazy-page.ts).
    if (data.routes[route] !== undefined) add(data.catalogues[language]);
    const url = (index) => `./assets/${data.files[index]}.js`;
    // The entry first: on a phone's few connections, the file every screen runs is not left to queue
    // behind the page's own small chunks.
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = url(data.entry);
    document.head.appendChild(script);
    for (const index of wanted) {
      // The page's own styles too (index.html links the entry's), which the app would ask for only once its chunk is imported.
      for (const name of index === data.entry ? [] : (data.styles[index] ?? [])) {
        const style = document.createElement('link');
        style.rel = 'stylesheet';
        style.href = `./assets/${name}.css`;
        document.head.appendChild(style);
      }
      if (index === data.entry) continue;
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = url(index);
      document.head.appendChild(link);
    }
  };
  // After the first frame is painted; a page opened in the background paints nothing, so it starts now.
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
})();
