/// The preview's stylesheet and script, served as files (`_preview/preview.css`,
/// `_preview/preview.js`) so the pages run under a Content-Security-Policy without inline
/// code. The script is small and dependency-free: the locale toggle, live reload over
/// server-sent events, and the "within 5 km of a click" search on maps.
public enum PreviewResources {
    /// The stylesheet.
    public static let stylesheet = """
        :root { --ink: #1d2330; --muted: #5d6675; --line: #d9dee7; --bg: #f6f7f9; --card: #fff;
          --accent: #0b57d0; --error: #c62828; --warning: #9a5b00; --note: #4a5a70; --ok: #2e7d32; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
          color: var(--ink); background: var(--bg); }
        a { color: var(--accent); text-decoration: none; } a:hover { text-decoration: underline; }
        header.top { background: #14213d; color: #fff; padding: 10px 24px; display: flex; flex-wrap: wrap;
          align-items: center; gap: 8px 20px; }
        header.top a { color: #fff; } header.top .project { font-weight: 700; font-size: 17px; }
        header.top nav a { margin-right: 14px; opacity: .9; }
        header.top .status { margin-left: auto; font-size: 13px; opacity: .9; }
        .toggle { display: inline-flex; border: 1px solid #ffffff66; border-radius: 6px; overflow: hidden; }
        .toggle button { background: transparent; color: #fff; border: 0; padding: 3px 10px; font: inherit; font-size: 13px; cursor: pointer; }
        .toggle button[aria-pressed="true"] { background: #ffffff40; font-weight: 600; }
        main { max-width: 1180px; margin: 0 auto; padding: 18px 24px 60px; }
        h1 { font-size: 26px; margin: 6px 0 2px; } h2 { font-size: 19px; margin: 26px 0 10px; }
        .sub { color: var(--muted); font-size: 13px; }
        .crumbs { font-size: 13px; color: var(--muted); }
        section.card, .panel { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 14px 18px; margin: 14px 0; }
        table { border-collapse: collapse; width: 100%; background: var(--card); }
        th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
        th { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); font-weight: 600; }
        td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
        .badge { display: inline-block; font-size: 11px; font-weight: 700; padding: 1px 7px; border-radius: 9px; color: #fff; vertical-align: 1px; }
        .badge.error { background: var(--error); } .badge.warning { background: var(--warning); } .badge.note { background: var(--note); }
        .badge.ok { background: var(--ok); } .badge.muted { background: #5d6675; color: #fff; }
        .banner { background: #fdecea; border: 1px solid #f5c2c0; color: #7a1712; border-radius: 8px; padding: 10px 14px; margin: 12px 0; }
        .banner.partial { background: #fff8e1; border-color: #f3d98b; color: #6b4e00; }
        .findings { list-style: none; padding: 0; margin: 0; }
        .finding { border-left: 4px solid var(--note); background: var(--card); padding: 8px 12px; margin: 8px 0; border-radius: 4px; }
        .finding.error { border-color: var(--error); } .finding.warning { border-color: var(--warning); }
        .finding .rule { color: var(--muted); font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12px; }
        .finding .where, .finding .fix, .finding .note { font-size: 13px; margin-top: 3px; }
        .finding .where a { font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
        .finding .fix code { background: #eef6ee; padding: 0 4px; border-radius: 3px; }
        .grid2 { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 14px; }
        .locales { display: grid; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr)); gap: 10px; }
        .loc { border: 1px solid var(--line); border-radius: 8px; padding: 8px 10px; background: #fbfcfd; }
        .loc-head { font-size: 12px; color: var(--muted); display: flex; justify-content: space-between; gap: 8px; margin-bottom: 3px; }
        .loc-head .locale { font-weight: 700; text-transform: uppercase; color: var(--ink); }
        .loc .text { white-space: pre-wrap; overflow-wrap: anywhere; }
        .loc.over { border-color: var(--error); background: #fff6f5; }
        .loc.over .len { color: var(--error); font-weight: 700; }
        mark.overflow { background: #ffcdd2; color: #7a1712; text-decoration: line-through wavy #c62828; }
        .loc.missing { border-style: dashed; }
        .loc .fallback, .loc .fallback-note { display: none; }
        .loc.missing .placeholder-text { color: var(--warning); font-style: italic; }
        html[data-view]:not([data-view="side"]) .loc.missing .fallback { display: block; color: var(--muted); }
        html[data-view]:not([data-view="side"]) .loc.missing .fallback-note { display: inline-block; }
        html[data-view]:not([data-view="side"]) .loc.missing .placeholder-text { display: none; }
        .loc.other-locale { display: none; }
        .fallback-note { font-size: 11px; background: #fff3cd; color: #6b4e00; padding: 0 6px; border-radius: 8px; }
        .field-name { font-weight: 600; white-space: nowrap; }
        .field-type { font-size: 11px; color: var(--muted); }
        .media { display: flex; flex-wrap: wrap; gap: 16px; }
        section.card > h2:first-child { margin-top: 2px; }
        .media-card figure img { height: 220px; width: auto; object-fit: contain; }
        figure { margin: 0; } figcaption { font-size: 12px; color: var(--muted); margin-top: 4px; }
        figure img { max-width: 100%; max-height: 340px; border-radius: 8px; border: 1px solid var(--line); background: #eee; display: block; }
        .thumb { width: 72px; height: 54px; object-fit: cover; border-radius: 4px; border: 1px solid var(--line); display: block; }
        .thumb.no-image { background: #eef0f3; }
        .placeholder { display: flex; align-items: center; justify-content: center; text-align: center; min-width: 180px; min-height: 120px;
          border: 2px dashed var(--error); color: var(--error); border-radius: 8px; padding: 10px; font-size: 13px; background: #fff6f5; }
        .thumb.placeholder { min-width: 72px; min-height: 54px; padding: 2px; font-size: 10px; }
        .map-wrap { overflow-x: auto; }
        svg.map { max-width: 100%; height: auto; border: 1px solid var(--line); border-radius: 10px; background: #eef2f3; display: block; }
        svg.map .map-bg { fill: #eef2f3; } svg.map .grid line { stroke: #d5dde0; stroke-width: 1; }
        svg.map .leg line { stroke: #1f6feb; stroke-width: 3; stroke-linecap: round; opacity: .85; }
        svg.map .leg text, svg.map .scale-bar text { font-size: 12px; font-weight: 700; fill: #14213d; text-anchor: middle;
          paint-order: stroke; stroke: #fff; stroke-width: 4px; stroke-linejoin: round; }
        svg.map g.pin circle { fill: #d62828; stroke: #fff; stroke-width: 2; }
        svg.map a.pin-link:focus, svg.map .pin-point:focus { outline: none; }
        svg.map a.pin-link:focus circle, svg.map .pin-point:focus circle { stroke: #14213d; stroke-width: 4; }
        svg.map g.pin text, svg.map g.before text, svg.map g.after text { fill: #fff; font-size: 12px; font-weight: 700; text-anchor: middle; }
        svg.map g.before circle { fill: #8a93a3; stroke: #fff; stroke-width: 2; }
        svg.map g.after circle { fill: #d62828; stroke: #fff; stroke-width: 2; }
        svg.map g.near circle { fill: #2e7d32; r: 8px; }
        svg.map .scale-bar rect { fill: #ffffffcc; } svg.map .scale-bar line { stroke: #14213d; stroke-width: 2; }
        svg.map .attribution { font-size: 10px; fill: #333; text-anchor: end; }
        svg.map .search-circle { fill: #2e7d3222; stroke: #2e7d32; stroke-width: 2; stroke-dasharray: 6 4; }
        svg.map[data-search-radius] { cursor: crosshair; }
        .search-result { font-size: 14px; } .search-result li { margin: 2px 0; }
        ol.waypoints { list-style: none; padding: 0; margin: 0; }
        ol.waypoints > li { display: grid; grid-template-columns: 34px 84px 1fr auto; gap: 12px; align-items: start;
          background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 8px 10px; margin: 6px 0; }
        .num-pin { display: inline-flex; width: 26px; height: 26px; border-radius: 13px; background: #d62828; color: #fff;
          align-items: center; justify-content: center; font-weight: 700; font-size: 13px; }
        .leg-distance { font-size: 13px; color: var(--muted); white-space: nowrap; text-align: right; }
        .total { font-size: 16px; font-weight: 700; }
        .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(250px, 1fr)); gap: 14px; }
        .vc-card { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 12px; }
        .vc-card .pair { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; }
        .vc-card img { width: 100%; height: 140px; object-fit: contain; background: #f0f2f5; border-radius: 8px; }
        .vc-card .placeholder { min-width: 0; min-height: 140px; }
        .vc-card h2.vc-title { margin: 8px 0 0; font-size: 16px; }
        audio { width: 260px; max-width: 100%; }
        .validity { font-size: 15px; } .validity .state { margin-left: 8px; }
        .coverage-bar { height: 8px; background: #e3e7ee; border-radius: 4px; overflow: hidden; width: 160px; display: inline-block; vertical-align: middle; }
        .coverage-bar span { display: block; height: 100%; background: var(--ok); }
        .w0 { width: 0; } \(widthClasses)
        .pages a { margin-right: 8px; }
        .muted { color: var(--muted); }
        code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 13px; }
        """

    /// `.w1` … `.w100`: widths in percent, for bars drawn without inline styles.
    static var widthClasses: String {
        (1...100).map { ".w\($0) { width: \($0)%; }" }.joined(separator: " ")
    }

    /// The map helper the preview's script and the studio's both use: the point under a pixel
    /// of a `PreviewMap`, by the inverse of its projection.
    public static let mapPointScript = #"""
        // The point under a pixel of a map drawn by PreviewMap: the inverse of its projection, read
        // from the map's data attributes (the preview's 5 km search and the studio's map both use it).
        function gamepackMapPoint(svg, clientX, clientY) {
          var point = svg.createSVGPoint();
          point.x = clientX;
          point.y = clientY;
          var p = point.matrixTransform(svg.getScreenCTM().inverse());
          var d = svg.dataset, scale = parseFloat(d.scale), mpd = 6371008.8 * Math.PI / 180;
          var lat = parseFloat(d.originLat) - (p.y - parseFloat(d.oy)) / scale / mpd;
          var lon = parseFloat(d.originLon) + (p.x - parseFloat(d.ox)) / scale / mpd / parseFloat(d.cos);
          if (lon >= 180) { lon -= 360; }
          return { x: p.x, y: p.y, latitude: Math.max(-90, Math.min(90, lat)), longitude: lon };
        }
        """#

    /// The script: the map helper, then the page's own code.
    public static var script: String { mapPointScript + "\n" + pageScript }

    /// The page's own code.
    static let pageScript = #"""
        "use strict";
        (function () {
          var KEY = "gamepack-preview-view";
          function applyView(view) {
            document.documentElement.setAttribute("data-view", view || "side");
            var cells = document.querySelectorAll(".loc[data-locale]");
            for (var j = 0; j < cells.length; j++) {
              cells[j].classList.toggle("other-locale", !!view && view !== "side" && cells[j].getAttribute("data-locale") !== view);
            }
            var buttons = document.querySelectorAll(".toggle button");
            for (var i = 0; i < buttons.length; i++) {
              buttons[i].setAttribute("aria-pressed", buttons[i].getAttribute("data-view") === (view || "side") ? "true" : "false");
            }
          }
          try { applyView(localStorage.getItem(KEY)); } catch (e) { applyView("side"); }
          document.addEventListener("click", function (event) {
            var button = event.target.closest ? event.target.closest(".toggle button") : null;
            if (button) {
              var view = button.getAttribute("data-view");
              try { localStorage.setItem(KEY, view); } catch (e) {}
              applyView(view);
              return;
            }
            var svg = event.target.closest ? event.target.closest("svg.map[data-search-radius]") : null;
            if (svg && !event.target.closest("a")) { search(svg, event); }
          });

          // Deals within the radius of a clicked point: haversine, as the linter measures.
          function distance(lat1, lon1, lat2, lon2) {
            var r = 6371008.8, p1 = lat1 * Math.PI / 180, p2 = lat2 * Math.PI / 180;
            var dp = (lat2 - lat1) * Math.PI / 180, dl = (lon2 - lon1) * Math.PI / 180;
            var a = Math.sin(dp / 2) * Math.sin(dp / 2) + Math.cos(p1) * Math.cos(p2) * Math.sin(dl / 2) * Math.sin(dl / 2);
            return 2 * r * Math.atan2(Math.sqrt(a), Math.sqrt(1 - a));
          }
          function describe(m) { return m < 1000 ? Math.round(m) + " m" : (m / 1000).toFixed(1) + " km"; }
          function search(svg, event) {
            var p = gamepackMapPoint(svg, event.clientX, event.clientY), lat = p.latitude, lon = p.longitude;
            var scale = parseFloat(svg.dataset.scale), radius = parseFloat(svg.dataset.searchRadius);
            var circle = svg.querySelector(".search-circle");
            circle.setAttribute("cx", p.x); circle.setAttribute("cy", p.y); circle.setAttribute("r", radius * scale);
            var found = [], pins = svg.querySelectorAll("g[data-lat]");
            for (var i = 0; i < pins.length; i++) {
              var m = distance(lat, lon, parseFloat(pins[i].dataset.lat), parseFloat(pins[i].dataset.lon));
              pins[i].classList.toggle("near", m <= radius);
              if (m <= radius) { found.push({ pin: pins[i], meters: m }); }
            }
            found.sort(function (a, b) { return a.meters - b.meters; });
            var out = document.getElementById("search-result");
            if (!out) { return; }
            out.textContent = "";
            var head = document.createElement("p");
            head.textContent = found.length + " within " + describe(radius) + " of " + lat.toFixed(5) + ", " + lon.toFixed(5);
            head.setAttribute("data-count", String(found.length));
            out.appendChild(head);
            var list = document.createElement("ol");
            found.forEach(function (f) {
              var li = document.createElement("li");
              var name = document.createElement(f.pin.dataset.href ? "a" : "span");
              if (f.pin.dataset.href) { name.setAttribute("href", f.pin.dataset.href); }
              name.textContent = f.pin.dataset.title;
              li.appendChild(name);
              li.appendChild(document.createTextNode(" — " + describe(f.meters)));
              list.appendChild(li);
            });
            out.appendChild(list);
          }

          // Live reload: the server says which generation is current; the page fetches itself
          // again and swaps its body, so scroll position, the view toggle and audio elements
          // elsewhere are kept and nothing is reloaded by hand.
          function live() {
            var body = document.body;
            if (!body || body.getAttribute("data-live") !== "1" || !window.EventSource) { return; }
            var shown = parseInt(body.getAttribute("data-generation"), 10);
            var busy = false, again = false;
            function refresh() {
              if (busy) { again = true; return; }
              busy = true;
              fetch(window.location.href, { cache: "no-store" }).then(function (response) {
                return response.text().then(function (text) { return { ok: response.ok || response.status === 404, text: text }; });
              }).then(function (result) {
                if (!result.ok) { return; }
                var doc = new DOMParser().parseFromString(result.text, "text/html");
                if (doc.body) {
                  var y = window.scrollY;
                  document.body.replaceWith(document.adoptNode(doc.body));
                  document.title = doc.title;
                  window.scrollTo(0, y);
                  applyView(document.documentElement.getAttribute("data-view"));
                  shown = parseInt(document.body.getAttribute("data-generation"), 10);
                  document.documentElement.setAttribute("data-shown", String(shown));
                }
              }).catch(function () {}).then(function () {
                busy = false;
                if (again) { again = false; refresh(); }
              });
            }
            var root = body.getAttribute("data-root") || "";
            var source = new EventSource(root + "_preview/events");
            source.addEventListener("change", function (event) {
              var generation = parseInt(event.data, 10);
              if (generation !== shown) { refresh(); }
            });
            source.addEventListener("open", function () { document.documentElement.setAttribute("data-connected", "1"); });
          }
          if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", live); } else { live(); }
        })();
        """#
}
