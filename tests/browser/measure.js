// What a person would trip on, measured in the page. fit(root): {wide, sticking, targets, texts,
// cut, split} (touch_pages.py says each); lowContrast(areas): [[where, contrast, colour, behind]...]
// for the text under WCAG AA inside a list of elements, and how many pieces of text were read.
(() => {
    const describe = e => {
        const cls = typeof e.className === 'string' ? e.className : (e.className && e.className.baseVal) || '';
        const text = (e.innerText || e.textContent || e.value || e.getAttribute('aria-label') || '')
            .trim().replace(/\s+/g, ' ').slice(0, 40);
        return `${e.tagName.toLowerCase()}${cls ? '.' + cls.trim().split(/\s+/).slice(0, 3).join('.') : ''} "${text}"`;
    };
    const shown = e => e.checkVisibility({visibilityProperty: true}) && e.getClientRects().length > 0 &&
        e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().height > 0;
    const ownText = e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());

    // rgb(a), or color(srgb r g b / a) with each part 0 to 1: what Chromium gives for a colour
    // made with color-mix() (the views' green for a right answer), which was once left unread
    const rgba = c => {
        const m = /(rgba?|color)\(([^)]+)\)/.exec(c || '');
        if (!m) return null;
        const words = m[2].split(/[\s,\/]+/).filter(Boolean);
        if (m[1] === 'color' && words.shift() !== 'srgb') return null;
        const p = words.map(parseFloat), scale = m[1] === 'color' ? 255 : 1;
        return [p[0] * scale, p[1] * scale, p[2] * scale, p.length > 3 ? p[3] : 1];
    };
    const over = (top, under) => [0, 1, 2].map(i => top[i] * top[3] + under[i] * (1 - top[3])).concat([1]);
    const lum = c => {
        const f = v => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
        return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
    };
    const hex = c => '#' + c.slice(0, 3).map(v => Math.round(v).toString(16).padStart(2, '0')).join('');

    const lowContrast = areas => {
        // what is behind an element, and how faded it is: its parent's, with its own laid over
        const known = new Map();
        const look = e => {
            if (!e) return [[255, 255, 255, 1], 1];
            if (!known.has(e)) {
                const [under, faded] = look(e.parentElement), style = getComputedStyle(e), c = rgba(style.backgroundColor);
                known.set(e, [c && c[3] > 0 ? over(c, under) : under, faded * parseFloat(style.opacity)]);
            }
            return known.get(e);
        };
        const out = [];
        let read = 0;
        for (const e of areas.flatMap(area => [...area.querySelectorAll('*')])) {
            if (e.closest('[data-tile], img, .mjs-tile, canvas')) continue;
            if (e.closest(':disabled, .mod-disabled, .mjs-off') || !ownText(e)) continue;  // WCAG asks nothing of a control that is off
            const style = getComputedStyle(e), r = e.getBoundingClientRect();
            if (style.visibility === 'hidden' || style.display === 'none' || r.width < 1 || r.height < 1) continue;
            const svg = e instanceof SVGElement;
            let fg = rgba(svg ? style.fill : style.color);
            if (!fg || parseFloat(style.opacity) === 0) continue;
            const bg = look(svg ? e.ownerSVGElement.parentElement : e)[0];
            fg = over([fg[0], fg[1], fg[2], fg[3] * look(e)[1]], bg);  // a faded box fades its text into what is behind it
            const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
            const ratio = (hi + 0.05) / (lo + 0.05), size = parseFloat(style.fontSize);
            read += 1;
            if (ratio < ((size >= 24 || (parseInt(style.fontWeight) >= 700 && size >= 18.66)) ? 3 : 4.5))
                out.push([describe(e), Math.round(ratio * 100) / 100, hex(fg), hex(bg)]);
        }
        return [out, read];
    };

    const fit = root => {
        const vw = window.innerWidth;
        const out = {wide: document.scrollingElement.scrollWidth - vw, sticking: [], targets: [], texts: [], cut: [],
                     split: []};
        // the app inside the window, and everything in it inside the app (a box of the app that is
        // wider than the app is cut off, or scrolls sideways inside it)
        const app = root.getBoundingClientRect(), left = Math.max(0, app.left), right = Math.min(vw, app.right);
        const span = r => `${Math.round(r.left)}..${Math.round(r.right)}`;
        if (app.right > vw + 1 || app.left < -1) out.sticking.push(`the app spans ${span(app)}`);
        for (const e of root.querySelectorAll('*')) {
            const r = e.getBoundingClientRect();
            if (shown(e) && (r.right > right + 1 || r.left < left - 1))
                out.sticking.push(`${describe(e)} spans ${span(r)} (the app ${Math.round(left)}..${Math.round(right)})`);
        }
        // tap targets; a checkbox counts twice: with its label (a tap on either ticks it), and the box itself
        const seen = new Set();
        const targets = root.querySelectorAll('button, select, textarea, [role=tab], .lm-TabBar-tab, a[href], summary, ' +
            'input:not([type=hidden]):not([type=file])');
        const boxes = [...targets].filter(e => e.matches('input[type=checkbox], input[type=radio]'));
        for (let e of [...targets, ...boxes.map(b => ({box: b}))]) {
            if (e.box) e = e.box;
            else if (e.matches('input[type=checkbox], input[type=radio]')) e = e.closest('label') || e.parentElement;
            if (e.matches('a[href]') && e.parentElement && ownText(e.parentElement)) continue;  // a link in a sentence
            if (e.matches('.lm-TabBar-tab *')) e = e.closest('.lm-TabBar-tab');
            if (seen.has(e) || !shown(e)) continue;
            seen.add(e);
            const r = e.getBoundingClientRect();
            out.targets.push([describe(e), Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10]);
        }
        // text as drawn (an SVG's text at the SVG's scale), text cut short, a dropdown too narrow for a choice
        const drawn = (e, px) => {
            const svg = e instanceof SVGElement && (e.ownerSVGElement || e), box = svg && svg.viewBox && svg.viewBox.baseVal;
            return box && box.width ? px * svg.getBoundingClientRect().width / box.width : px * (e.currentCSSZoom || 1);
        };
        for (const e of root.querySelectorAll('*')) {
            if (e.closest('[data-tile], .mjs-tile') || e.matches('option, style, script') || !shown(e)) continue;
            const style = getComputedStyle(e), px = parseFloat(style.fontSize);
            const box = e.matches('input:not([type=checkbox]):not([type=radio]), select, textarea');
            const own = ownText(e) || (box && (e.value || e.placeholder || e.options));
            if (own && px > 0) out.texts.push([describe(e), Math.round(drawn(e, px) * 10) / 10]);
            if (own && !box && style.overflowX !== 'visible' && e.scrollWidth > e.clientWidth + 1)
                out.cut.push(`${describe(e)} "${e.textContent.trim().slice(0, 40)}" (${e.scrollWidth} px in ${e.clientWidth})`);
            if (e.matches('select:not([multiple]):not([size])')) {  // measured in its own font, in the room inside it
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
                    out.texts.push([`${describe(e)} ${pseudo}`, Math.round(parseFloat(p.fontSize) * (e.currentCSSZoom || 1) * 10) / 10]);
            }
        }
        // each hand of the report card: its players' figures on one row
        for (const row of root.querySelectorAll('.mjs-report tr')) {
            const tops = new Set([...row.querySelectorAll('td[data-player]')].filter(shown)
                .map(td => Math.round(td.getBoundingClientRect().top)));
            if (tops.size > 1) out.split.push(`${describe(row)}: on ${tops.size} rows`);
        }
        return out;
    };
    return {fit, lowContrast};
})()
