extension StudioScript {
    /// The geo point on the map (click, drag, arrow keys, typed) and a route's stops (drag to
    /// reorder, numbered pins and legs with their distances).
    static let map = #"""

          // ---- A geo point: typed, or placed by a click on the map and dragged there.
          function round6(x) { return Math.round(x * 1e6) / 1e6; }
          function geoWidget(spec, path, id) {
            var value = getAt(S.values, path) || {};
            var lat = el("input", { id: id + "-lat", type: "number", step: "any", min: -90, max: 90 });
            var lon = el("input", { id: id + "-lon", type: "number", step: "any", min: -180, max: 180 });
            lat.value = value.latitude === undefined ? "" : String(value.latitude);
            lon.value = value.longitude === undefined ? "" : String(value.longitude);
            var mapBox = el("div", { class: "map-wrap", "data-map": pathText(path) });
            var timer = null;
            function set(latitude, longitude) {
              latitude = round6(latitude);
              longitude = round6(longitude);
              setAt(S.values, path, { latitude: latitude, longitude: longitude });
              lat.value = String(latitude);
              lon.value = String(longitude);
              changed();
              draw();
              announce("Placed at " + latitude + ", " + longitude);
            }
            function typed() {
              var a = parseFloat(lat.value), b = parseFloat(lon.value);
              if (lat.value === "" && lon.value === "") { setAt(S.values, path, null); } else {
                setAt(S.values, path, { latitude: isFinite(a) ? a : lat.value, longitude: isFinite(b) ? b : lon.value });
              }
              changed();
              clearTimeout(timer);
              timer = setTimeout(draw, 300);
            }
            lat.addEventListener("input", typed);
            lon.addEventListener("input", typed);
            function draw() {
              var v = getAt(S.values, path);
              var pins = v && isFinite(v.latitude) && isFinite(v.longitude)
                ? [{ latitude: v.latitude, longitude: v.longitude, style: "pin own", title: "This " + singular(S.item.type) + " (drag, or move with the arrow keys)" }] : [];
              var body = { caption: "Map of " + spec.name + ": click to place the point", pins: pins };
              if (path.length === 1) { body.context = { type: S.item.type, field: spec.name, except: S.item.id === null ? undefined : String(S.item.id) }; }
              return api("POST", "/api/map", body).then(function (answer) {
                mapBox.innerHTML = answer.svg;
                wire($("svg.map", mapBox));
              }, function (error) { mapBox.textContent = "The map cannot be drawn: " + error.message; });
            }
            function wire(svg) {
              if (!svg) { return; }
              svg.classList.add("placing");
              var own = $("g.own", svg), moved = false;
              svg.addEventListener("click", function (event) {
                if (moved) { moved = false; return; }
                var p = gamepackMapPoint(svg, event.clientX, event.clientY);
                set(p.latitude, p.longitude);
              });
              if (!own) { return; }
              var circle = $("circle", own), holder = own.parentNode;
              own.addEventListener("pointerdown", function (event) {
                event.preventDefault();
                event.stopPropagation();
                function follow(e) {
                  var p = gamepackMapPoint(svg, e.clientX, e.clientY);
                  circle.setAttribute("cx", String(p.x));
                  circle.setAttribute("cy", String(p.y));
                  moved = true;
                }
                function drop(e) {
                  document.removeEventListener("pointermove", follow);
                  document.removeEventListener("pointerup", drop);
                  if (moved) {
                    var p = gamepackMapPoint(svg, e.clientX, e.clientY);
                    set(p.latitude, p.longitude);
                  }
                }
                document.addEventListener("pointermove", follow);
                document.addEventListener("pointerup", drop);
              });
              // Keyboard: the arrow keys move the focused pin by about 10 m.
              holder.addEventListener("keydown", function (event) {
                var v = getAt(S.values, path), step = 0.0001, d = { ArrowUp: [step, 0], ArrowDown: [-step, 0], ArrowLeft: [0, -step], ArrowRight: [0, step] }[event.key];
                if (!d || !v) { return; }
                event.preventDefault();
                set(v.latitude + d[0], v.longitude + d[1]);
              });
            }
            draw();
            return el("div", {},
              el("div", { class: "geo" },
                el("div", {}, el("label", { for: id + "-lat", text: "Latitude" }), lat),
                el("div", {}, el("label", { for: id + "-lon", text: "Longitude" }), lon)),
              el("p", { class: "hint", text: "Click the map to place the point, drag the red pin to move it, or type the coordinates." }),
              mapBox);
          }

          // ---- A route's stops: reordered by drag (or the buttons), numbered pins and legs with
          // each leg's distance on the map.
          function stopsWidget(spec, path, id) {
            var target = spec.element.target, box = el("div", { class: "stops-widget" });
            var mapBox = el("div", { class: "map-wrap", "data-map": pathText(path) });
            var total = el("p", { class: "total", id: id + "-total" });
            var ol = el("ol", { class: "stops", "aria-label": spec.name + " in order" });
            function list() { return (getAt(S.values, path) || []).slice(); }
            function store(next) { setAt(S.values, path, next); changed(); draw(); }
            function draw() {
              var stops = list();
              clear(ol);
              stops.forEach(function (stopID, index) {
                var name = el("span", { class: "name", text: singular(target) + " " + stopID });
                var label = "stop " + (index + 1) + " (" + singular(target) + " " + stopID + ")";
                var row = el("li", { class: "field stop", "data-path": pathText(path.concat([index])), "data-id": String(stopID), "data-index": String(index) },
                  el("span", { class: "handle", "aria-hidden": "true", title: "Drag to reorder", text: "⠿" }),
                  el("span", { class: "num-pin", text: String(index + 1) }),
                  el("span", {}, name, " ", el("span", { class: "id", text: "#" + stopID })),
                  el("span", { class: "leg", text: index === 0 ? "start" : "" }),
                  el("span", { class: "actions" },
                    el("button", { type: "button", "aria-label": "Move " + label + " up", text: "↑", disabled: index === 0, onclick: function () { var s = list(); s.splice(index - 1, 0, s.splice(index, 1)[0]); store(s); } }),
                    el("button", { type: "button", "aria-label": "Move " + label + " down", text: "↓", disabled: index === stops.length - 1, onclick: function () { var s = list(); s.splice(index + 1, 0, s.splice(index, 1)[0]); store(s); } }),
                    el("button", { type: "button", "aria-label": "Remove " + label, text: "✕", onclick: function () { var s = list(); s.splice(index, 1); store(s); } })),
                  el("ul", { class: "field-findings" }));
                lookup(target, stopID).then(function (facts) { name.textContent = facts.name; });
                $(".handle", row).addEventListener("pointerdown", function (event) { dragRow(event, row); });
                ol.appendChild(row);
              });
              var pins = stops.map(function (stopID, index) { return { type: target, id: String(stopID), field: spec.geoPath, label: String(index + 1), title: "Stop " + (index + 1) }; });
              api("POST", "/api/map", { caption: "Map of the " + spec.name + ", numbered in order", pins: pins, legs: true }).then(function (answer) {
                mapBox.innerHTML = answer.svg;
                var sum = 0;
                answer.pins.forEach(function (pin, index) {
                  if (!pin) { var missing = ol.children[index]; if (missing) { $(".leg", missing).textContent = "no position"; } }
                });
                answer.legs.forEach(function (leg) {
                  var row = ol.children[leg.to - 1];
                  sum += leg.meters;
                  if (row) {
                    $(".leg", row).textContent = leg.text + " from stop " + leg.from;
                    row.setAttribute("data-meters", String(leg.meters));
                  }
                });
                total.textContent = stops.length + " stops · total " + (sum < 1000 ? sum + " m" : (sum / 1000).toFixed(1) + " km");
                total.setAttribute("data-meters", String(sum));
                renderFindings();
              });
            }
            // Drag by the handle: the row follows the pointer among its siblings; the order is kept
            // on release.
            function dragRow(event, row) {
              event.preventDefault();
              row.classList.add("dragging");
              function follow(e) {
                var rows = Array.prototype.slice.call(ol.children).filter(function (r) { return r !== row; });
                var before = rows.filter(function (r) { var box = r.getBoundingClientRect(); return e.clientY < box.top + box.height / 2; })[0];
                if (before) { ol.insertBefore(row, before); } else { ol.appendChild(row); }
              }
              function drop() {
                document.removeEventListener("pointermove", follow);
                document.removeEventListener("pointerup", drop);
                row.classList.remove("dragging");
                var order = Array.prototype.slice.call(ol.children).map(function (r) { return idValue(r.getAttribute("data-id")); });
                store(order);
                announce("Stops reordered: " + order.join(", "));
              }
              document.addEventListener("pointermove", follow);
              document.addEventListener("pointerup", drop);
            }
            box.appendChild(mapBox);
            box.appendChild(total);
            box.appendChild(ol);
            box.appendChild(referencePicker({ name: "add a stop", target: target, widget: "reference" }, null, id + "-add", function (entry) {
              var s = list();
              s.push(idValue(entry.id));
              store(s);
            }));
            draw();
            return box;
          }
        """#
}
