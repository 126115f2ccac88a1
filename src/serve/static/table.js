// Sorts and filters the findings table of a night page in the browser. Served by recon itself from
// /static (the page's CSP allows no inline or third-party script); the rows are already in the HTML.
(function () {
  'use strict';
  var table = document.getElementById('findings');
  if (!table) return;
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var text = document.getElementById('filter-text');
  var category = document.getElementById('filter-category');
  var state = document.getElementById('filter-state');
  var shown = document.getElementById('shown-count');
  var sortIndex = -1;
  var ascending = true;

  function cellKey(row, index, type) {
    var cell = row.cells[index];
    var raw = cell ? cell.getAttribute('data-value') || cell.textContent || '' : '';
    if (type === 'number') {
      if (raw === '') return null;
      // Cents are integers as text; BigInt keeps them exact when they exceed 2^53.
      try {
        return BigInt(raw);
      } catch (_e) {
        return null;
      }
    }
    return raw.toLowerCase();
  }

  function compare(a, b) {
    if (a === b) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    return a < b ? -1 : 1;
  }

  function sortBy(index, type) {
    ascending = sortIndex === index ? !ascending : true;
    sortIndex = index;
    var keyed = rows.map(function (row, i) {
      return { row: row, key: cellKey(row, index, type), i: i };
    });
    keyed.sort(function (x, y) {
      var c = compare(x.key, y.key);
      if (c === 0) return x.i - y.i;
      return ascending ? c : -c;
    });
    rows = keyed.map(function (k) {
      return k.row;
    });
    rows.forEach(function (row) {
      body.appendChild(row);
    });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, i) {
      th.setAttribute('aria-sort', i === index ? (ascending ? 'ascending' : 'descending') : 'none');
    });
  }

  function applyFilter() {
    var needle = ((text && text.value) || '').trim().toLowerCase();
    var wantCategory = category ? category.value : '';
    var wantState = state ? state.value : '';
    var count = 0;
    rows.forEach(function (row) {
      var ok =
        (!needle || row.textContent.toLowerCase().indexOf(needle) >= 0) &&
        (!wantCategory || row.getAttribute('data-category') === wantCategory) &&
        (!wantState || row.getAttribute('data-state') === wantState);
      row.hidden = !ok;
      if (ok) count += 1;
    });
    if (shown) shown.textContent = String(count);
  }

  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, index) {
    var button = th.querySelector('button');
    if (!button) return;
    button.addEventListener('click', function () {
      sortBy(index, th.getAttribute('data-type') || 'text');
    });
  });
  [text, category, state].forEach(function (control) {
    if (control) control.addEventListener('input', applyFilter);
  });
  applyFilter();
})();
