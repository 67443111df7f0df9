@echo off
rem Starts jmcp on Windows with the Java runtime bundled in this distribution (never the java on PATH or JAVA_HOME).
rem Extra JVM options: JAVA_OPTS, then JMCP_OPTS (later ones win). The counterpart of bin/jmcp; nothing is printed on
rem standard output but what jmcp writes (in stdio mode that is the protocol). Needs a distribution built on Windows:
rem runtime\ is a jlink image of the build machine's JDK.
setlocal
for %%i in ("%~dp0..") do set "HOME_DIR=%%~fi"
set "JAVA=%HOME_DIR%\runtime\bin\java.exe"
if not exist "%JAVA%" (
  1>&2 echo jmcp: no Java runtime at "%JAVA%"; rebuild the distribution ^(mvn package^)
  exit /b 1
)

rem JVM log lines go to standard error; a stale AOT cache is simply not used.
set "OPTS=-Xlog:disable -Xlog:all=warning,aot=off,cds=off:stderr"
rem G1 with a periodic collection when idle, as bin/jmcp, unless the user picked a collector (an option ending in GC,
rem such as -XX:+UseSerialGC).
set "USER_OPTS= %JAVA_OPTS% %JMCP_OPTS% "
if "%USER_OPTS:GC =%"=="%USER_OPTS%" set "OPTS=%OPTS% -XX:+UseG1GC -XX:G1PeriodicGCInterval=5000"
rem At most 512 MiB of heap, a small first heap and a bounded young generation, as bin/jmcp (which says why), each
rem unless the user set it.
set "SIZED="
if not "%USER_OPTS:-Xmx=%"=="%USER_OPTS%" set "SIZED=1"
if not "%USER_OPTS:MaxHeapSize=%"=="%USER_OPTS%" set "SIZED=1"
if not "%USER_OPTS:RAMPercentage=%"=="%USER_OPTS%" set "SIZED=1"
if not defined SIZED set "OPTS=%OPTS% -Xmx512m"
set "SIZED="
if not "%USER_OPTS:-Xms=%"=="%USER_OPTS%" set "SIZED=1"
if not "%USER_OPTS:InitialHeapSize=%"=="%USER_OPTS%" set "SIZED=1"
if not "%USER_OPTS:RAMPercentage=%"=="%USER_OPTS%" set "SIZED=1"
if not defined SIZED set "OPTS=%OPTS% -Xms16m"
set "SIZED="
if not "%USER_OPTS:-Xmn=%"=="%USER_OPTS%" set "SIZED=1"
if not "%USER_OPTS:NewSize=%"=="%USER_OPTS%" set "SIZED=1"
if not defined SIZED set "OPTS=%OPTS% -XX:MaxNewSize=48m"
rem The JIT's first, profiling tier from 2,000 calls on instead of 200, as bin/jmcp says why (JAVA_OPTS and JMCP_OPTS
rem come later and override it).
set "OPTS=%OPTS% -XX:Tier3InvocationThreshold=2000 -XX:Tier3MinInvocationThreshold=1000 -XX:Tier3CompileThreshold=10000"
set "OPTS=%OPTS% -XX:Tier3BackEdgeThreshold=200000"
rem Classes loaded and linked ahead of time, trained at build time (valid while lib\ keeps its files' times):
rem jmcp-http.aot when an HTTP transport is asked for, else jmcp.aot, as in bin/jmcp; the training's compilations
rem are not replayed at start.
set "CACHE=%HOME_DIR%\lib\jmcp.aot"
set "WANTS_HTTP="
for %%a in (%*) do (
  if "%%~a"=="-t" set "WANTS_HTTP=1"
  if "%%~a"=="--http" set "WANTS_HTTP=1"
  if "%%~a"=="-s" set "WANTS_HTTP=1"
  if "%%~a"=="--sse" set "WANTS_HTTP=1"
)
if defined WANTS_HTTP if exist "%HOME_DIR%\lib\jmcp-http.aot" set "CACHE=%HOME_DIR%\lib\jmcp-http.aot"
set "AOT="
if exist "%CACHE%" set "AOT=-XX:AOTCache=%CACHE%"
if not "%USER_OPTS:AOTCacheOutput=%"=="%USER_OPTS%" set "AOT="

if defined AOT (
  "%JAVA%" %OPTS% "%AOT%" -XX:+UnlockDiagnosticVMOptions -XX:-AOTReplayTraining %JAVA_OPTS% %JMCP_OPTS% -cp "%HOME_DIR%\lib\*" dev.jmcp.cli.Jmcp %*
) else (
  "%JAVA%" %OPTS% %JAVA_OPTS% %JMCP_OPTS% -cp "%HOME_DIR%\lib\*" dev.jmcp.cli.Jmcp %*
)
exit /b %ERRORLEVEL%
