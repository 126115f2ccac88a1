// Sorts, filters and pages the findings table of a night page in the browser. Served by recon itself
// from /static (the page's CSP allows no inline or third-party script); the rows are already in the
// HTML, and without this script they all show. A reason cut to two lines opens on click. A bulk action
// asks first, naming how many findings it acts on and their amount at stake (without script, the form
// itself states both).
(function () {
  'use strict';
  var table = document.getElementById('findings');
  if (!table) return;
  Array.prototype.forEach.call(document.querySelectorAll('form[data-confirm]'), function (form) {
    form.addEventListener('submit', function (event) {
      if (!window.confirm(form.getAttribute('data-confirm') || '')) event.preventDefault();
    });
  });
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var text = document.getElementById('filter-text');
  var category = document.getElementById('filter-category');
  var state = document.getElementById('filter-state');
  var age = document.getElementById('filter-age');
  var shown = document.getElementById('shown-count');
  var pager = document.getElementById('pager');
  var pageLabel = document.getElementById('page-label');
  var prev = document.getElementById('page-prev');
  var next = document.getElementById('page-next');
  var pageSize = document.getElementById('page-size');
  // Rows per page (50 unless the reader picks another): a page a reader scrolls through, never the
  // thousands a night can hold.
  var PAGE_SIZE = 50;
  var page = 0;
  var matching = rows;
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

  // Words as the page's language orders them: an accented letter sorts with its letter (é with e), not after z.
  var collator = new Intl.Collator(document.documentElement.lang || undefined, { sensitivity: 'base' });

  function compare(a, b) {
    if (a === b) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
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
    var order = new Map(
      rows.map(function (row, i) {
        return [row, i];
      }),
    );
    matching.sort(function (x, y) {
      return order.get(x) - order.get(y);
    });
    showPage();
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, i) {
      th.setAttribute('aria-sort', i === index ? (ascending ? 'ascending' : 'descending') : 'none');
    });
  }

  function applyFilter() {
    var needle = ((text && text.value) || '').trim().toLowerCase();
    var wantCategory = category ? category.value : '';
    var wantState = state ? state.value : '';
    // new, open and resolved are the lifecycle (as summary.json counts them); acknowledged and accepted the state shown.
    var stateAttribute = `data-${(state && state.selectedIndex >= 0 && state.options[state.selectedIndex].getAttribute('data-by')) || 'state'}`;
    var olderThan = age && age.value ? Number(age.value) : -1;
    matching = rows.filter(function (row) {
      return (
        (!needle || row.textContent.toLowerCase().indexOf(needle) >= 0) &&
        (!wantCategory || row.getAttribute('data-category') === wantCategory) &&
        (!wantState || row.getAttribute(stateAttribute) === wantState) &&
        (olderThan < 0 || (row.getAttribute('data-lifecycle') !== 'resolved' && Number(row.getAttribute('data-age')) > olderThan))
      );
    });
    if (shown) shown.textContent = String(matching.length);
    page = 0;
    showPage();
  }

  // Shows the current page of the matching rows (in their sorted order) and hides every other row.
  function showPage() {
    var pages = Math.max(1, Math.ceil(matching.length / PAGE_SIZE));
    if (page >= pages) page = pages - 1;
    var first = page * PAGE_SIZE;
    var visible = new Set(matching.slice(first, first + PAGE_SIZE));
    rows.forEach(function (row) {
      row.hidden = !visible.has(row);
    });
    if (!pager) return;
    pager.hidden = matching.length <= PAGE_SIZE;
    if (pageLabel)
      pageLabel.textContent = `${pager.getAttribute('data-rows') || 'rows'} ${matching.length ? first + 1 : 0}–${Math.min(first + PAGE_SIZE, matching.length)} ${pager.getAttribute('data-of') || 'of'} ${matching.length}`;
    if (prev) prev.disabled = page === 0;
    if (next) next.disabled = page >= pages - 1;
  }

  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, index) {
    var button = th.querySelector('button');
    if (!button) return;
    button.addEventListener('click', function () {
      sortBy(index, th.getAttribute('data-type') || 'text');
    });
  });
  [text, category, state, age].forEach(function (control) {
    if (control) control.addEventListener('input', applyFilter);
  });
  if (pageSize)
    pageSize.addEventListener('input', function () {
      PAGE_SIZE = Number(pageSize.value) || 50;
      page = 0;
      showPage();
    });
  if (prev)
    prev.addEventListener('click', function () {
      page -= 1;
      showPage();
    });
  if (next)
    next.addEventListener('click', function () {
      page += 1;
      showPage();
    });
  body.addEventListener('click', function (event) {
    var cell = event.target && event.target.closest ? event.target.closest('td.reason') : null;
    if (cell) cell.classList.toggle('open');
  });
  applyFilter();
})();
