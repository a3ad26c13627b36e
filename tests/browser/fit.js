// What a person at a table would trip on in the app `root`, in one look (touch_pages.py says
// what each part means): {wide: how far the page scrolls sideways, sticking: [...], targets:
// [[what, width, height]...] every tap target, texts: [[what, px]...] every piece of text as
// drawn, cut: [...] text cut short, split: [...] hands of the report card on more than one row}.
(root => {
    const describe = e => {
        const cls = typeof e.className === 'string' ? e.className : (e.className && e.className.baseVal) || '';
        const text = (e.innerText || e.textContent || e.value || e.getAttribute('aria-label') || '')
            .trim().replace(/\s+/g, ' ').slice(0, 40);
        return `${e.tagName.toLowerCase()}${cls ? '.' + cls.trim().split(/\s+/).slice(0, 3).join('.') : ''} "${text}"`;
    };
    const shown = e => e.checkVisibility({visibilityProperty: true}) && e.getClientRects().length > 0 &&
        e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().height > 0;
    const vw = window.innerWidth;
    const out = {wide: document.scrollingElement.scrollWidth - vw, sticking: [], targets: [], texts: [], cut: [],
                 split: []};
    // the app inside the window, and everything in it inside the app (a box of the app that is
    // wider than the app is cut off, or scrolls sideways inside it)
    const app = root.getBoundingClientRect(), left = Math.max(0, app.left), right = Math.min(vw, app.right);
    const span = r => `${Math.round(r.left)}..${Math.round(r.right)}`;
    if (app.right > vw + 1 || app.left < -1) out.sticking.push(`the app spans ${span(app)}`);
    for (const e of root.querySelectorAll('*')) {
        if (!shown(e)) continue;
        const r = e.getBoundingClientRect();
        if (r.right > right + 1 || r.left < left - 1)
            out.sticking.push(`${describe(e)} spans ${span(r)} (the app ${Math.round(left)}..${Math.round(right)})`);
    }
    // tap targets
    const seen = new Set();
    const targets = root.querySelectorAll('button, select, textarea, [role=tab], .lm-TabBar-tab, a[href], summary, ' +
        'input:not([type=hidden]):not([type=file])');
    // a checkbox counts twice: with its label (a tap on either ticks it), and the box itself
    const boxes = [...targets].filter(e => e.matches('input[type=checkbox], input[type=radio]'));
    for (let e of [...targets, ...boxes.map(b => ({box: b}))]) {
        if (e.box) e = e.box;
        else if (e.matches('input[type=checkbox], input[type=radio]')) e = e.closest('label') || e.parentElement;
        if (e.matches('a[href]') && e.parentElement && [...e.parentElement.childNodes].some(
                n => n.nodeType === 3 && n.textContent.trim())) continue;  // a link in a sentence
        if (e.matches('.lm-TabBar-tab *')) e = e.closest('.lm-TabBar-tab');
        if (seen.has(e) || !shown(e)) continue;
        seen.add(e);
        const r = e.getBoundingClientRect();
        out.targets.push([describe(e), Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10]);
    }
    // text as drawn
    const drawn = (e, style) => {
        const px = parseFloat(style.fontSize);
        if (e instanceof SVGElement) {
            const svg = e.ownerSVGElement || e, box = svg.viewBox && svg.viewBox.baseVal;
            return box && box.width ? px * svg.getBoundingClientRect().width / box.width : px * (e.currentCSSZoom || 1);
        }
        return px * (e.currentCSSZoom || 1);
    };
    for (const e of root.querySelectorAll('*')) {
        if (e.closest('[data-tile], .mjs-tile') || e.matches('option, style, script') || !shown(e)) continue;
        const style = getComputedStyle(e);
        const box = e.matches('input:not([type=checkbox]):not([type=radio]), select, textarea');
        const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()) ||
            (box && (e.value || e.placeholder || e.options));
        if (own && parseFloat(style.fontSize) > 0) out.texts.push([describe(e), Math.round(drawn(e, style) * 10) / 10]);
        // text cut short: a label or a tab's title that clips its own words ("Sets and pai...")
        if (own && !box && style.overflowX !== 'visible' && e.scrollWidth > e.clientWidth + 1)
            out.cut.push(`${describe(e)} "${e.textContent.trim().slice(0, 40)}" (${e.scrollWidth} px in ${e.clientWidth})`);
        // a dropdown too narrow for one of its choices (measured in its own font, in the room inside it)
        if (e.matches('select:not([multiple]):not([size])')) {
            const pen = document.createElement('canvas').getContext('2d');
            pen.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            const inside = e.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            for (const o of e.options) {
                const w = pen.measureText(o.text).width;
                if (w > inside + 1) out.cut.push(`${describe(e)} option "${o.text}" (${Math.round(w)} px in ${Math.round(inside)})`);
            }
        }
        for (const pseudo of ['::before', '::after']) {
            const p = getComputedStyle(e, pseudo);
            if (p.content && !['none', 'normal', '""', "''"].includes(p.content) && parseFloat(p.fontSize) > 0 &&
                    p.display !== 'none')
                out.texts.push([`${describe(e)} ${pseudo}`,
                                Math.round(parseFloat(p.fontSize) * (e.currentCSSZoom || 1) * 10) / 10]);
        }
    }
    // each hand of the report card: its players' figures on one row
    for (const row of root.querySelectorAll('.mjs-report tr')) {
        const tops = new Set([...row.querySelectorAll('td[data-player]')].filter(shown)
            .map(td => Math.round(td.getBoundingClientRect().top)));
        if (tops.size > 1) out.split.push(`${describe(row)}: on ${tops.size} rows`);
    }
    return out;
})
