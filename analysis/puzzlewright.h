/* puzzlewright.h — the analysis library, whole
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pw-types.h"
#include "pw-kind.h"
#include "pw-analysis.h"
#include "pw-chart-data.h"
#include "pw-level.h"
#include "pw-level-set.h"
#include "pw-level-stream.h"
#include "pw-document.h"
#include "pw-recovery.h"
#include "pw-explorer.h"
#include "pw-file.h"
#include "pw-import.h"
#include "pw-report.h"
#include "pw-playtest-import.h"
#include "pw-duplicates.h"
#include "pw-generate.h"
#include "pw-scheduler.h"
#include "xcsp3.h"
