/// The studio's additions to the preview's stylesheet (`PreviewResources.stylesheet`, served
/// first): the three-pane layout, the forms, findings at their fields, the map's own pin, the
/// waypoint list, the conflict view and the git and translator panels. Colours keep a contrast
/// of at least 4.5:1 on their backgrounds.
enum StudioStyles {
    static let stylesheet = """
        .skip { position: absolute; left: -9999px; top: 0; background: #fff; color: #0b57d0; padding: 6px 10px; z-index: 10; }
        .skip:focus { left: 8px; top: 8px; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
        header.top .brand { font-size: 13px; opacity: .85; }
        header.top nav a[aria-current="page"] { text-decoration: underline; font-weight: 700; }
        header.top .status { margin: 0 0 0 auto; }
        .studio { display: grid; grid-template-columns: 190px 320px minmax(0, 1fr); gap: 0; min-height: calc(100vh - 48px); }
        .studio.wide { grid-template-columns: 190px minmax(0, 1fr); }
        .studio.wide .list-pane { display: none; }
        nav.collections { background: #fff; border-right: 1px solid var(--line); padding: 12px 8px; position: sticky; top: 0;
          align-self: start; max-height: 100vh; overflow: auto; }
        nav.collections ul { list-style: none; margin: 0; padding: 0; }
        nav.collections a { display: flex; justify-content: space-between; padding: 6px 10px; border-radius: 6px; color: var(--ink); }
        nav.collections a[aria-current="page"] { background: #e3ecfb; font-weight: 700; }
        nav.collections .n { color: var(--muted); font-size: 12px; }
        .list-pane { border-right: 1px solid var(--line); padding: 12px; background: #fbfcfd; overflow: auto; max-height: 100vh;
          position: sticky; top: 0; align-self: start; }
        .list-pane h2 { margin: 0 0 8px; font-size: 17px; }
        .list-tools { display: flex; gap: 6px; }
        .list-tools input { flex: 1; }
        input, select, textarea, button { font: inherit; }
        input[type=text], input[type=search], input[type=number], input[type=url], input[type=date], select, textarea {
          border: 1px solid #8a93a3; border-radius: 6px; padding: 5px 8px; background: #fff; color: var(--ink); width: 100%; }
        textarea { min-height: 80px; resize: vertical; }
        button { border: 1px solid #0b57d0; background: #fff; color: #0b57d0; border-radius: 6px; padding: 5px 12px; cursor: pointer; }
        button.primary { background: #0b57d0; color: #fff; }
        button.danger { border-color: #b3261e; color: #b3261e; }
        button:disabled { opacity: .6; cursor: default; }
        :focus-visible { outline: 3px solid #f9ab00; outline-offset: 1px; }
        .count { font-size: 13px; color: var(--muted); margin: 6px 0; }
        ul.items { list-style: none; margin: 0; padding: 0; }
        ul.items a { display: grid; grid-template-columns: 48px 1fr auto; gap: 8px; align-items: center; padding: 5px 6px;
          border-radius: 6px; color: var(--ink); }
        ul.items a:hover { background: #eef3fb; text-decoration: none; }
        ul.items a[aria-current="page"] { background: #dce7fa; }
        ul.items .thumb { width: 48px; height: 36px; }
        ul.items .id { color: var(--muted); font-size: 12px; }
        .pager { display: flex; gap: 6px; margin-top: 8px; }
        main { max-width: 1100px; margin: 0; padding: 16px 24px 80px; }
        main h1 { font-size: 22px; }
        .toolbar { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 8px 0 14px; position: sticky; top: 0;
          background: var(--bg); padding: 6px 0; z-index: 2; }
        .toolbar .state { font-size: 13px; color: var(--muted); }
        .field { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; margin: 10px 0; }
        .field > label, .field > .label, fieldset > legend { font-weight: 700; display: block; margin-bottom: 4px; }
        .field.has-error { border-color: var(--error); border-width: 2px; }
        .field.has-warning { border-color: var(--warning); border-width: 2px; }
        .field .hint { font-size: 13px; color: var(--muted); margin: 2px 0 6px; }
        .field .length { font-size: 12px; color: var(--muted); }
        .field .length.over { color: var(--error); font-weight: 700; }
        fieldset { border: 1px solid var(--line); border-radius: 8px; padding: 8px 12px; margin: 6px 0; }
        .side { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; }
        .side .loc-head { font-size: 12px; }
        .mark { font-size: 11px; font-weight: 700; padding: 1px 7px; border-radius: 9px; }
        .mark.missing { background: #fde7e9; color: #8c1d18; } .mark.stale { background: #fff0c2; color: #5c4300; }
        .mark.identical { background: #e8eaf6; color: #283593; } .mark.translated { background: #e6f4ea; color: #1e5631; }
        .geo { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; margin-bottom: 8px; }
        svg.map g.own circle { fill: #b3261e; stroke: #fff; stroke-width: 3; r: 10px; cursor: grab; }
        svg.map.placing { cursor: crosshair; }
        .field-findings { list-style: none; margin: 6px 0 0; padding: 0; }
        .field-findings li { border-left: 4px solid var(--error); background: #fff6f5; padding: 4px 8px; margin: 4px 0; font-size: 14px; }
        .field-findings li.warning { border-color: var(--warning); background: #fffaf0; }
        .field-findings li.note { border-color: var(--note); background: #f4f6f9; }
        .field-findings .fix { display: block; font-size: 13px; color: #3c4452; }
        .asset-row { display: flex; flex-wrap: wrap; gap: 10px; align-items: center; }
        .asset-row img { width: 120px; height: 90px; object-fit: cover; border-radius: 6px; border: 1px solid var(--line); }
        .drop { border: 2px dashed #8a93a3; border-radius: 8px; padding: 10px; text-align: center; color: var(--muted); margin-top: 6px; }
        .drop.over { border-color: #0b57d0; background: #eef3fb; color: #0b57d0; }
        .picker { position: relative; }
        .picker ul[role=listbox] { list-style: none; margin: 2px 0 0; padding: 0; border: 1px solid #8a93a3; border-radius: 6px;
          background: #fff; max-height: 260px; overflow: auto; position: absolute; left: 0; right: 0; z-index: 5; }
        .picker li[role=option] { display: flex; gap: 8px; align-items: center; padding: 4px 8px; cursor: pointer; }
        .picker li[role=option][aria-selected="true"], .picker li[role=option]:hover { background: #dce7fa; }
        .picker .thumb { width: 40px; height: 30px; }
        .chosen { font-size: 13px; color: var(--muted); margin-top: 3px; }
        ol.stops { list-style: none; padding: 0; margin: 8px 0; }
        ol.stops > li { display: grid; grid-template-columns: 28px 30px 1fr auto auto; gap: 8px; align-items: center;
          background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 6px 8px; margin: 4px 0; touch-action: none; }
        ol.stops > li.dragging { opacity: .6; border-color: #0b57d0; }
        ol.stops .handle { cursor: grab; font-size: 18px; color: var(--muted); user-select: none; text-align: center; }
        ol.stops .leg { font-size: 13px; color: var(--muted); white-space: nowrap; }
        ol.stops .actions button { padding: 2px 7px; }
        .list-items > .list-item { display: grid; grid-template-columns: 1fr auto; gap: 8px; align-items: start; }
        .summary { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 8px 12px; margin: 8px 0; }
        .summary.clean { border-color: #7cb342; }
        .summary h2 { margin: 0; font-size: 16px; }
        .conflict { border: 2px solid var(--error); background: #fff; border-radius: 8px; padding: 10px 14px; margin: 10px 0; }
        .conflict .both { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; }
        .conflict pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f6f7f9; padding: 8px; border-radius: 6px;
          max-height: 320px; overflow: auto; font-size: 12px; }
        .conflict .changes { margin: 0; padding: 8px 8px 8px 24px; background: #f6f7f9; border-radius: 6px; max-height: 320px;
          overflow: auto; overflow-wrap: anywhere; }
        .conflict .changes li { margin: 2px 0; }
        .referrers { border: 2px solid var(--warning); background: #fffaf0; border-radius: 8px; padding: 10px 14px; margin: 10px 0; }
        .git-files td:first-child { font-family: ui-monospace, "DejaVu Sans Mono", monospace; width: 60px; }
        .commit-form { display: grid; grid-template-columns: 1fr; gap: 8px; max-width: 640px; }
        .commit-form > button { justify-self: start; }
        .diff-change { border-left: 4px solid #0b57d0; background: #fff; padding: 6px 10px; margin: 6px 0; font-size: 14px; }
        .diff-change pre { margin: 4px 0 0; white-space: pre-wrap; font-size: 12px; }
        .translate-row { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; margin: 10px 0; }
        .translate-row .side .source { white-space: pre-wrap; background: #f6f7f9; border-radius: 6px; padding: 6px 8px; }
        .translate-row.done { border-color: #7cb342; }
        .translate-row .row-actions { display: flex; gap: 8px; margin-top: 6px; align-items: center; }
        """
}
