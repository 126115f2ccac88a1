-- placeholder: version 20 is the findings' facts column, merged from another branch
-- This branch needs versions without gaps to reach 21; the merge keeps the other branch's 0020 and drops this file.
SELECT 1;
