// The text inside `areas` (a list of elements: a lesson's outputs, an app) that reads at under
// WCAG AA against what is behind it: [[where, its contrast, its colour, the colour behind it]...],
// and how many pieces of text were read. See browser_pages.LOW_CONTRAST_IN.
(areas => {
    // rgb(a), or color(srgb r g b / a) with each part 0 to 1: what Chromium gives for a colour
    // made with color-mix() (the views' green for a right answer), which was once left unread
    const rgba = c => {
        const m = /(rgba?|color)\(([^)]+)\)/.exec(c || '');
        if (!m) return null;
        const words = m[2].split(/[\s,\/]+/).filter(Boolean);
        if (m[1] === 'color' && words.shift() !== 'srgb') return null;
        const p = words.map(parseFloat);
        const scale = m[1] === 'color' ? 255 : 1;
        return [p[0] * scale, p[1] * scale, p[2] * scale, p.length > 3 ? p[3] : 1];
    };
    const over = (top, under) => [0, 1, 2].map(i => top[i] * top[3] + under[i] * (1 - top[3])).concat([1]);
    const lum = c => {
        const f = v => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
        return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
    };
    // what is behind an element, and how faded it is: its parent's, with its own laid over (remembered)
    const known = new Map();
    const look = e => {
        if (!e) return [[255, 255, 255, 1], 1];
        if (known.has(e)) return known.get(e);
        const [under, faded] = look(e.parentElement);
        const style = getComputedStyle(e);
        const c = rgba(style.backgroundColor);
        const got = [c && c[3] > 0 ? over(c, under) : under, faded * parseFloat(style.opacity)];
        known.set(e, got);
        return got;
    };
    const hex = c => '#' + c.slice(0, 3).map(v => Math.round(v).toString(16).padStart(2, '0')).join('');
    const out = [];
    let read = 0;
    for (const area of areas) {
        for (const e of area.querySelectorAll('*')) {
            if (e.closest('[data-tile], img, .mjs-tile, canvas')) continue;
            if (e.closest(':disabled, .mod-disabled, .mjs-off')) continue;  // WCAG asks nothing of a control that is off
            const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
            if (!own) continue;
            const style = getComputedStyle(e);
            const r = e.getBoundingClientRect();
            if (style.visibility === 'hidden' || style.display === 'none' || r.width < 1 || r.height < 1) continue;
            if (parseFloat(style.opacity) === 0) continue;
            const svg = e instanceof SVGElement;
            let fg = rgba(svg ? style.fill : style.color);
            if (!fg) continue;
            const bg = look(svg ? e.ownerSVGElement.parentElement : e)[0];
            const seen = look(e)[1];  // a faded box (opacity) fades its text into what is behind it
            fg = over([fg[0], fg[1], fg[2], fg[3] * seen], bg);
            const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
            const ratio = (hi + 0.05) / (lo + 0.05);
            const size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight) >= 700;
            const need = (size >= 24 || (bold && size >= 18.66)) ? 3 : 4.5;
            read += 1;
            if (ratio < need) {
                const text = (e.textContent || '').trim().slice(0, 40).replace(/\s+/g, ' ');
                const cls = typeof e.className === 'string' ? e.className : '';
                out.push([`${e.tagName.toLowerCase()}${cls ? '.' + cls.trim().split(/\s+/)[0] : ''} "${text}"`,
                          Math.round(ratio * 100) / 100, hex(fg), hex(bg)]);
            }
        }
    }
    return [out, read];
})
